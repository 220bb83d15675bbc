"""The texts of the table in words (`static/pages/table_words.js`, issue 45): the
announcer's settings and lines, the typed move, the questions. Kept beside `texts.py`,
which adds them to its lists."""

from spieltisch.core.i18n import N_, Nn_

TABLE_WORDS: tuple[str, ...] = (
    N_("Announcements"),
    N_("Type a move"),
    N_("Play this move"),
    N_("Its number in the list, such as #3; its words; or its short form, such as r12 or c1-c2."),
    N_("Question"),
    N_("Ask"),
    N_("Ask about the game"),
    N_("Announce"),
    N_("only whose turn it is"),
    N_("every move and roll"),
    N_("every move and roll, and my moves as a list"),
    N_("Pace"),
    N_("at once"),
    N_("calmly"),
    N_("slowly"),
    N_("It is not your turn."),
    N_("There is no move {number}. The list has {count}."),
    N_("Place {place}"),
    N_("One move"),
)

TABLE_WORDS_PLURAL: tuple[tuple[str, str], ...] = (Nn_("{count} move", "{count} moves"),)
