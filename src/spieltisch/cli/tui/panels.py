"""What the side panel shows, as Rich renderables drawn from a session (no Textual here)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from spieltisch.cli.boards import render_panel
from spieltisch.cli.messages import _
from spieltisch.cli.play.session import Session
from spieltisch.core.marks import BoardMarks


def turn_text(session: Session, viewer: int | None) -> Text:
    """Whose turn it is, and who decides when that is someone else (a stack in Mahé)."""
    state = session.state
    text = Text()
    if state.is_terminal():
        text.append(_("Game over"), style="bold")
        return text
    seat = state.current_player
    turn = state.turn
    if seat < 0:
        if isinstance(turn, int):
            text.append(_("{player}'s turn").format(player=session.label(turn)), style="bold")
        return text
    yours = session.is_human(seat) and len(session.humans) == 1
    # "Red (you) to move" says it is yours once: the label names you, the reversed colours
    # stress it (green letters fell under 4.5:1 on light themes)
    text.append(
        _("{player} to move").format(player=session.label(seat)),
        style="bold reverse" if yours else "bold",
    )
    if isinstance(turn, int) and turn != seat:
        text.append(
            "\n" + _("deciding on {player}'s turn").format(player=session.label(turn)),
            style="italic",
        )
    return text


def table_text(session: Session, viewer: int | None, marks: BoardMarks | None = None) -> Text:
    """What the game shows beside its board for this seat (its panel part): the dice of
    the turn, the trick on the table (its last card marked); nothing for a game without."""
    return render_panel(session.state, viewer, marks=marks) or Text()


def scores_table(session: Session) -> Table:
    """Each seat with its score so far (and its place, once the game is over)."""
    state = session.state
    over = state.is_terminal()
    table = Table(box=None, pad_edge=False, show_header=True, expand=True)
    if over:
        table.add_column(_("place"), justify="right")
    table.add_column(_("player"))
    table.add_column(_("score"), justify="right")
    scores = state.scores()
    places = state.ranking() if over else []
    for seat in range(session.game.num_players):
        marker = "▶ " if seat == state.current_player else "  "
        row = [marker + session.label(seat), f"{scores[seat]:g}"]
        if over:
            row.insert(0, str(places[seat]))
        table.add_row(*row)
    return table


def results_table(session: Session) -> Table:
    """The final ranking: place, player, score, best first."""
    table = Table(title=_("Result"), expand=False)
    for column in (_("place"), _("player"), _("score")):
        table.add_column(column)
    for place, label, score in session.results():
        table.add_row(str(place), label, f"{score:g}")
    return table
