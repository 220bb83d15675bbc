"""The texts of turn-based play in the pages (`static/pages/turns.js`): the clock's
fields in the lobby, "my games", the vacation, the table's clock rule and who is
online. Kept beside `texts.py`, which adds them to its lists."""

from spieltisch.core.i18n import N_, Nn_

TURN_TEXTS: tuple[str, ...] = (
    N_("no time bank"),
    N_("{time} a move, at most {most}"),
    N_("as usual for the number of players"),
    N_("the computer plays that turn at the player's level"),
    N_("the player loses the game"),
    N_("Time bank"),
    N_("When the time runs out"),
    N_("no move yet"),
    N_("your move"),
    N_("waiting for the others"),
    N_("{time} left"),
    N_("Play your move"),
    N_("Look at the game"),
    N_("My turn-based games"),
    N_("No turn-based games yet."),
    N_("Vacation"),
    N_(
        "Your clocks in every turn-based game (not tournament games) stand still while you "
        "are on vacation."
    ),
    N_("{left} of {allowance} days left this year."),
    N_("On vacation until {until}."),
    N_("End the vacation now"),
    N_("Days"),
    N_("Go on vacation"),
    N_("Each move made in time adds {time} to the player's time bank, up to {most}."),
    N_("When a player's time runs out, they lose the game."),
    N_(
        "When a player's time runs out, the computer plays that turn at their level; the "
        "seat stays theirs."
    ),
    N_("Turn-based: {days}."),
    N_("turn-based"),
    N_("online"),
    N_("not here"),
    N_("{time}, on vacation"),
)

TURN_PLURAL: tuple[tuple[str, str], ...] = (
    Nn_("{count} minute", "{count} minutes"),
    Nn_("{count} day", "{count} days"),
    Nn_("{count} hour", "{count} hours"),
    Nn_("{count} day per move", "{count} days per move"),
)
