"""Monte Carlo tree search (UCT) with chance nodes and a value per player at each node.

Each iteration starts from `state.determinize(player, rng)`: in a game without hidden
information that is a plain copy; in Mahé it reshuffles the unseen cards, so the search
never relies on the order of the face-down pile. From there it walks down the tree:

- at a decision node the player to move picks the child with the best upper confidence
  bound on *their own* utility (every node keeps one value per player, so n-player games
  need nothing special), after trying every legal move once;
- at a small chance node (a die) the outcome is drawn with `sample_chance` on the copy and
  each outcome has its own child; a large chance node (a deal) ends the walk there;
- at a new node a playout runs the game's fast policy for a few steps and the game's
  evaluation estimates every player's chance to win; that vector goes back up the path.

The move played is the most visited one. With an iteration budget the result depends only
on the seed; with a time budget it depends on the machine as well.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from spieltisch.agents.base import Budget, Choice, Clock, SearchAgent
from spieltisch.agents.knowledge import knowledge_for, playout
from spieltisch.core import CHANCE, Game, LargeChanceNode, State
from spieltisch.core.ranking import win_shares


class Node:
    """Statistics of one node: visits, summed utilities per player, children by move."""

    __slots__ = ("available", "children", "large", "values", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[int | str, Node] = {}
        self.visits = 0
        self.values = [0.0] * players
        self.available = 0
        self.large: bool | None = None  # chance nodes: too many outcomes to branch on


class MCTSAgent(SearchAgent):
    """UCT over the game protocol; `exploration` is the UCB constant for utilities in [0, 1]."""

    name = "mcts"
    default_iterations = 1000
    availability = False
    """Information-set MCTS counts, for each child, the visits in which it was legal."""

    def __init__(
        self,
        game: Game[Any],
        seed: int | None = None,
        budget: Budget | None = None,
        exploration: float = 0.7,
        playout_depth: int | None = None,
    ) -> None:
        super().__init__(game, seed, budget)
        self.knowledge = knowledge_for(game)
        self.exploration = exploration
        self.playout_depth = (
            playout_depth if playout_depth is not None else self.knowledge.playout_depth
        )
        self.iterations = 0
        """Iterations of the last search (for benchmarks and tests)."""

    def analyse(self, state: State) -> list[Choice]:
        me = state.current_player
        root = self.search(state)
        values: dict[int, tuple[float, float, bool]] = {}
        for action in state.legal_actions():
            child = root.children.get(action)
            if child is None or not child.visits:
                values[action] = (0.0, 0.0, False)
            else:
                values[action] = (child.values[me] / child.visits, float(child.visits), False)
        return self._choices(state, values)

    def compare(self, state: State, moves: Sequence[str]) -> list[Choice]:
        """Each move searched on its own with the whole budget, so that a move the
        ordinary search hardly visited is rated as surely as the best one."""
        me = state.current_player
        values: dict[int, tuple[float, float, bool]] = {}
        for move in moves:
            action = self.game.move_to_action(move)
            node = Node(self.game.num_players)
            clock = Clock(self.budget, self.default_iterations)
            count = 0
            while not clock.done(count):
                world = self.world(state, me)
                world.apply(action)
                self._iterate(node, world)
                count += 1
            values[action] = (node.values[me] / node.visits, float(node.visits), False)
        return self._choices(state, values)

    def search(self, state: State) -> Node:
        """Run the budget's iterations from `state` and return the root of the tree."""
        me = state.current_player
        root = Node(self.game.num_players)
        clock = Clock(self.budget, self.default_iterations)
        count = 0
        while not clock.done(count):
            self._iterate(root, self.world(state, me))
            count += 1
        self.iterations = count
        return root

    def world(self, state: State, player: int) -> State:
        """The state one iteration searches: `state` with what `player` cannot see dealt
        anew (`determinize`)."""
        return state.determinize(player, self.rng)

    def _iterate(self, root: Node, state: State) -> None:
        rng = self.rng
        knowledge = self.knowledge
        c = self.exploration
        availability = self.availability
        node = root
        path = [root]
        while True:
            player = state.current_player
            if player >= 0:
                actions = state.legal_actions()
                children = node.children
                untried = [a for a in actions if a not in children]
                if untried:
                    action = untried[int(rng.random() * len(untried))]
                    state.apply(action)
                    child = Node(len(root.values))
                    child.available = 1
                    children[action] = child
                    path.append(child)
                    result = playout(state, knowledge, rng, self.playout_depth)
                    break
                best = -1.0
                chosen = actions[0]
                # UCB1; information-set MCTS counts a child's parent visits as the
                # visits in which that child was available.
                log_parent = 0.0 if availability else math.log(node.visits)
                for action in actions:
                    child = children[action]
                    if availability:
                        child.available += 1
                        log_parent = math.log(child.available)
                    score = child.values[player] / child.visits + c * math.sqrt(
                        log_parent / child.visits
                    )
                    if score > best:
                        best = score
                        chosen = action
                state.apply(chosen)
                node = children[chosen]
                path.append(node)
            elif player == CHANCE:
                if node.large is None:
                    try:
                        state.chance_outcomes()
                        node.large = False
                    except LargeChanceNode:
                        node.large = True
                if node.large:
                    result = playout(state, knowledge, rng, self.playout_depth)
                    break
                token = state.sample_chance(rng)
                known = node.children.get(token)
                if known is None:
                    known = node.children[token] = Node(len(root.values))
                node = known
                path.append(node)
            else:
                result = win_shares(state.ranking())
                break
        for visited in path:
            visited.visits += 1
            values = visited.values
            for index, value in enumerate(result):
                values[index] += value
