"""The contract every game's rules module fulfils, and replay of an event log.

A game is a subclass of :class:`Rules`. It owns a frozen *state* dataclass and answers:
what is expected next (``expects``/``prompt``), what is wrong with an event (``violations``),
what the state becomes (``apply``), the scored hands (``hands``) and the end (``outcome``).
The log of events is the truth: :func:`replay` rebuilds the state from it, every time.
"""

from __future__ import annotations

import abc
import dataclasses
import enum
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from .errors import IllegalEventError, InvalidEventError, RulesError
from .errors import Severity as Severity  # re-exported: part of the contract games use
from .errors import Violation as Violation
from .events import Abandon, Correction, Event, Void, from_dict, seat_problems
from .text import Text, tr, tr_n, trc

#: Totals kept per tuple of hands (``Rules.scores``), the most recent ``_TOTALS_KEPT``, holding
#: at most ``_TOTALS_HANDS`` hands alive in all: a game whose ``hands`` are made anew on every
#: call (the banking games) would otherwise keep hundreds of copies of all its hands, each with
#: its explanation lines (55 MB an Ace-Deuce-Jack session of 1,000 entries opened).
_TOTALS: dict[tuple[int, int], tuple[tuple[Any, ...], tuple[int, ...]]] = {}
_TOTALS_KEPT = 512
_TOTALS_HANDS = 5000
_totals_held = [0]  # the hands the kept totals hold, in all
#: House options as parsed (``Rules.parse_options``) per game and JSON form, the most recent
#: ``_OPTIONS_KEPT``: every request makes its game's rules from the options stored with it.
_OPTIONS: dict[tuple[Any, ...], Any] = {}
_OPTIONS_KEPT = 512


def _forget_totals(key: tuple[int, int]) -> None:
    gone = _TOTALS.pop(key, None)  # (another thread may have let it go first)
    if gone is not None:
        _totals_held[0] -= len(gone[0])


class Family(enum.StrEnum):
    TRICK_TAKING = "trick_taking"
    RUMMY = "rummy"
    BANKING = "banking"
    CLIMBING = "climbing"
    SHEDDING = "shedding"


@dataclasses.dataclass(frozen=True)
class ScoreLine:
    """One line of a hand's explanation: ``+13 Cards collected``."""

    label: str  # a Text (companion.rules.text), like every sentence below
    points: int
    rule: str = ""


@dataclasses.dataclass(frozen=True)
class HandScore:
    """A finished hand: points per seat, and the lines that explain them."""

    number: int  # 1-based
    points: tuple[int, ...]
    lines: tuple[tuple[ScoreLine, ...], ...]
    dealer: int | None = None
    summary: str = ""  # a Text: "Trump ♥ (7♥ shown); Match"


@dataclasses.dataclass(frozen=True)
class Outcome:
    reason: str  # "hands-played", "target-reached"
    winners: tuple[int, ...]  # seats


@dataclasses.dataclass(frozen=True)
class Reminder:
    """A rule that matters at this moment of the game, in one line, for the table screen:
    ``Reminder("Trump ♥, high to low", "J 20 · 9 14 · ...", rule="ranks")``."""

    label: str
    text: str
    rule: str = ""  # the rules page's anchor


@dataclasses.dataclass(frozen=True)
class Option:
    """A house rule the table chooses, shown on the scoreboard and the rules page. The label,
    the help and the choices' labels are Texts (companion.rules.text)."""

    name: str
    label: str
    help: str
    choices: tuple[tuple[Any, str], ...] = ()  # (value, label); empty = a yes/no switch


class SetupError(RulesError):
    """The game cannot be set up that way (seat count, unknown option)."""


S = TypeVar("S")
OptionsT = TypeVar("OptionsT")


class Rules(abc.ABC, Generic[S, OptionsT]):
    """One subclass per game. See STYLE.md 12.3 for the contract."""

    key: ClassVar[str]
    title: ClassVar[str]
    aka: ClassVar[tuple[str, ...]] = ()
    family: ClassVar[Family]
    seats: ClassVar[range]
    options_type: ClassVar[type[Any]]
    option_info: ClassVar[tuple[Option, ...]] = ()
    event_types: ClassVar[dict[str, type[Event]]]
    version: ClassVar[int] = 1
    blurb: ClassVar[str] = ""
    #: Hands are scored per team (``HandScore.points`` has one entry per ``teams()`` item), not
    #: per seat. Recruit scores seats and adds partners at the end; Belote scores teams.
    scores_by_team: ClassVar[bool] = False
    #: The lowest total wins (Buck Euchre counts down).
    lower_is_better: ClassVar[bool] = False
    #: Event kinds that begin a new hand: irregularities flagged since the latest one concern
    #: the hand under way (``Replay.hand_start``).
    hand_start_kinds: ClassVar[frozenset[str]] = frozenset({"deal"})
    # Template engines call whatever is callable; a rules class is shown, never instantiated.
    do_not_call_in_templates: ClassVar[bool] = True

    @classmethod
    def players_text(cls) -> str:
        """How many play: "4 players", "2 to 4 players"."""
        low, high = cls.seats.start, cls.seats.stop - 1
        if low == high:
            return tr_n("{n} player", "{n} players", low)
        return tr("{low} to {high} players", low=low, high=high)

    def __init__(
        self,
        n_seats: int,
        options: OptionsT | Mapping[str, Any] | None = None,
        names: Sequence[str] | None = None,
    ) -> None:
        if n_seats not in self.seats:
            raise SetupError(
                tr(
                    "{game} is played by {players}, not {n}",
                    game=self.title,
                    players=self.players_text(),
                    n=n_seats,
                )
            )
        self.n_seats = n_seats
        self.names = tuple(names) if names else tuple(f"Seat {i + 1}" for i in range(n_seats))
        if len(self.names) != n_seats:
            raise SetupError(f"{n_seats} seats but {len(self.names)} names")
        if options is None or isinstance(options, Mapping):
            options = self.parse_options(options or {})
        self.options: OptionsT = options
        self.check_options()

    # --- options ---------------------------------------------------------------------------
    @classmethod
    def parse_options(cls, data: Mapping[str, Any]) -> OptionsT:
        """Options from their JSON form; missing ones take the rulings' defaults. Each
        game's options are checked and made once for each JSON form (with each value's type:
        ``1`` is not ``True`` here) and then shared, as they cannot be changed."""
        try:
            key = (cls, tuple(sorted((k, type(v), v) for k, v in data.items())))
            hash(key)
        except TypeError:  # a value that cannot be a key: checked and made each time
            return cls._parse_options(data)
        found = _OPTIONS.get(key)
        if found is None:
            found = cls._parse_options(data)  # raises, keeping nothing, if they are wrong
            if len(_OPTIONS) >= _OPTIONS_KEPT:
                _OPTIONS.pop(next(iter(_OPTIONS)), None)
            _OPTIONS[key] = found
        return found

    @classmethod
    def _parse_options(cls, data: Mapping[str, Any]) -> OptionsT:
        fields = {f.name: f for f in dataclasses.fields(cls.options_type)}
        if unknown := sorted(set(data) - set(fields)):
            raise SetupError(f"{cls.title} has no option {', '.join(map(repr, unknown))}")
        for name, value in data.items():
            default = fields[name].default
            if type(value) is not type(default):
                raise SetupError(f"option '{name}' must be like {default!r}, not {value!r}")
            info = {o.name: o for o in cls.option_info}.get(name)
            if info and info.choices and value not in [c for c, _ in info.choices]:
                raise SetupError(f"option '{name}' cannot be {value!r}")
        return cls.options_type(**data)  # type: ignore[no-any-return]

    def options_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self.options)  # type: ignore[call-overload, no-any-return]

    def check_options(self) -> None:
        """Hook: reject option combinations that make no sense for this seat count."""

    def describe_options(self) -> list[tuple[str, str]]:
        """(label, chosen value) for every option, for the scoreboard."""
        out = []
        for opt in self.option_info:
            value = getattr(self.options, opt.name)
            switch = trc("option", "yes") if value is True else trc("option", "no")
            out.append((opt.label, dict(opt.choices).get(value, switch)))
        return out

    # --- the game implements these ---------------------------------------------------------
    @abc.abstractmethod
    def initial_state(self) -> S: ...

    @abc.abstractmethod
    def expects(self, state: S) -> frozenset[str]:
        """Event kinds accepted now.

        ``void`` is not listed: it is always accepted while there is something to void.
        """

    @abc.abstractmethod
    def prompt(self, state: S) -> str:
        """What the table should record next, in words: "Bob deals hand 2 of 4"."""

    @abc.abstractmethod
    def violations(self, state: S, event: Event) -> list[Violation]: ...

    @abc.abstractmethod
    def apply(self, state: S, event: Event) -> S:
        """The new state after a legal event (trusts the caller: use ``apply_checked``)."""

    @abc.abstractmethod
    def hands(self, state: S) -> tuple[HandScore, ...]: ...

    @abc.abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    def to_act(self, state: S) -> int | None:
        """The seat expected to act, or None when it is nobody in particular."""
        return None

    def dealer(self, state: S) -> int | None:
        """The seat dealing the current (or next) hand, when known."""
        return None

    def info(self, state: S) -> list[tuple[str, str]]:
        """Facts for the header of the table screen: [("Trump", "♥"), ...]."""
        return []

    def reminders(self, state: S) -> list[Reminder]:
        """The rules that matter now (this hand's trump order, the duties in play), worked out
        from the same tables the scoring uses, so the two cannot disagree."""
        return []

    def teams(self) -> tuple[tuple[int, ...], ...]:
        """How seats are grouped for the final totals; each seat alone by default."""
        return tuple((s,) for s in range(self.n_seats))

    # --- provided once ------------------------------------------------------------------------
    def event_from_dict(self, data: Mapping[str, Any], *, by_name: bool = False) -> Event:
        """An event from its stored form, or from its log form (seats by name) with by_name."""
        names = self.names if by_name else None
        return from_dict(data, self.event_types, names=names, n_seats=self.n_seats)

    def columns(self) -> tuple[tuple[int, ...], ...]:
        """Who each entry of ``HandScore.points`` belongs to: teams or single seats."""
        return self.teams() if self.scores_by_team else tuple((s,) for s in range(self.n_seats))

    def column_names(self) -> tuple[str, ...]:
        return tuple(self.team_name(c) for c in self.columns())

    @property
    def points_scale(self) -> int:
        """Points (hands, lines, totals) are whole numbers of 1/points_scale of a point, so
        sums stay exact: 1 for every game, 10 for Ui77 keeping its Go Nov average to one
        decimal (tenths). :meth:`shown_points` says them as people read them."""
        return 1

    def shown_points(self, value: int) -> int | Decimal:
        """``value`` (in 1/points_scale units) as people read it: a whole number, or the exact
        Decimal (``Decimal('30.3')``, never a float) when it has a fraction."""
        scale = self.points_scale
        whole, part = divmod(value, scale)
        return whole if not part else Decimal(value) / scale

    def scores(self, state: S) -> tuple[int, ...]:
        """Running totals per column (seat, or team when scored by team): the sum of hands.

        The sum is kept for the tuple of hands it was made from (a state's ``hands`` are a
        tuple that only changes when a hand is scored), so a game of a hundred hands does not
        add them all up again for every card played."""
        hands = self.hands(state)
        width = len(self.columns())
        key = (id(hands), width)  # no hands yet: the same empty tuple in every game
        kept = _TOTALS.get(key)
        if kept is not None and kept[0] is hands:
            return kept[1]
        totals = [0] * width
        for hand in hands:
            for column, pts in enumerate(hand.points):
                totals[column] += pts
        result = tuple(totals)
        _forget_totals(key)
        while _TOTALS and (
            len(_TOTALS) >= _TOTALS_KEPT or _totals_held[0] + len(hands) > _TOTALS_HANDS
        ):
            _forget_totals(next(iter(_TOTALS)))
        _TOTALS[key] = (hands, result)  # holding ``hands`` keeps its id from being reused
        _totals_held[0] += len(hands)
        return result

    def team_totals(self, state: S) -> tuple[int, ...]:
        """Final standings per ``teams()`` item (partners' totals added together)."""
        if self.scores_by_team:
            return self.scores(state)
        seat_totals = self.scores(state)
        return tuple(sum(seat_totals[s] for s in team) for team in self.teams())

    def best(self, totals: Sequence[int]) -> int:
        return min(totals) if self.lower_is_better else max(totals)

    def team_name(self, team: Sequence[int]) -> str:
        return " & ".join(self.names[s] for s in team)

    def winners_text(self, end: Outcome) -> str:
        """ "Bob wins." / "Ann & Cat win." / "tie between Ann and Bob." """
        tops = [self.team_name(t) for t in self.teams() if t[0] in end.winners]
        if len(tops) == 1:
            if len(self.teams()[0]) == 1:
                return tr("{player} wins.", player=tops[0])
            return tr("{team} win.", team=tops[0])
        tied: str = tops[0]
        for name in tops[1:]:
            tied = tr("{names} and {name}", names=tied, name=name)
        return tr("tie between {names}.", names=tied)

    def can_apply(self, state: S, event: Event) -> bool:
        return not errors_only(self.violations(state, event))

    def apply_checked(self, state: S, event: Event, index: int = 0) -> S:
        if errors := errors_only(self.violations(state, event)):
            raise IllegalEventError(index, errors)
        return self.apply(state, event)


def errors_only(problems: Sequence[Violation]) -> list[Violation]:
    return [p for p in problems if p.severity is Severity.ERROR]


class Dealt(Protocol):
    """A hand under way: its number (from 1) and who dealt it."""

    @property
    def number(self) -> int: ...

    @property
    def dealer(self) -> int: ...


def scored_hand(hand: Dealt, lines: Sequence[Sequence[ScoreLine]], summary: str) -> HandScore:
    """``hand`` scored by its lines: each seat's points are its lines added up."""
    return HandScore(
        number=hand.number,
        points=tuple(sum(line.points for line in seat) for seat in lines),
        lines=tuple(tuple(seat) for seat in lines),
        dealer=hand.dealer,
        summary=summary,
    )


class Session(Protocol):
    """The state of a game played hand after hand: the hands scored (``done``), the hand under
    way (``hand``, None between hands) and who deals the next one, when known."""

    @property
    def done(self) -> tuple[HandScore, ...]: ...

    @property
    def hand(self) -> Dealt | None: ...

    @property
    def next_dealer(self) -> int | None: ...


SessionT = TypeVar("SessionT", bound=Session)


def who_deals(
    names: Sequence[str], state: Session, deals: Callable[[str, int], Text] | None = None
) -> Text:
    """Between hands: who deals the next hand, in the game's own words when it has them
    (``deals(player, number)``), or, while nobody knows, a request to record the deal."""
    number = len(state.done) + 1
    if state.next_dealer is None:
        return tr("Who deals hand {number}? Record the deal.", number=number)
    if deals is not None:
        return deals(names[state.next_dealer], number)
    return tr("{player} deals hand {number}.", player=names[state.next_dealer], number=number)


_StateT_contra = TypeVar("_StateT_contra", contravariant=True)


class Words(Protocol[_StateT_contra]):
    """A game's ``text`` module: its words for the table screen."""

    def prompt(self, rules: Any, state: _StateT_contra) -> str: ...

    def info(self, rules: Any, state: _StateT_contra) -> list[tuple[str, str]]: ...

    def reminders(self, rules: Any, state: _StateT_contra) -> list[Reminder]: ...


_OptionsT_co = TypeVar("_OptionsT_co", covariant=True)


class GameTable(Protocol[_StateT_contra, _OptionsT_co]):
    """What a game's helper modules (``checks``, ``text``) may ask of any rules class, so they
    never import the game module; a game's own ``Table`` adds what only its rules have."""

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def n_seats(self) -> int: ...

    @property
    def options(self) -> _OptionsT_co: ...

    def expects(self, state: _StateT_contra) -> frozenset[str]: ...

    def outcome(self, state: _StateT_contra) -> Outcome | None: ...

    def scores(self, state: _StateT_contra) -> tuple[int, ...]: ...

    def winners_text(self, end: Outcome) -> str: ...


class HandByHand(Rules[SessionT, OptionsT]):
    """The parts of the contract a game played hand after hand (a :class:`Session` state) writes
    like the others: its words come from its ``text`` module (``words = text``), the dealer is
    the hand's or the next one's (who acts, between hands), the hands are those scored, and a
    session of a set number of hands ends when they are played."""

    words: Words[SessionT]

    def prompt(self, state: SessionT) -> str:
        return self.words.prompt(self, state)

    def info(self, state: SessionT) -> list[tuple[str, str]]:
        return self.words.info(self, state)

    def reminders(self, state: SessionT) -> list[Reminder]:
        return self.words.reminders(self, state)

    def dealer(self, state: SessionT) -> int | None:
        return state.hand.dealer if state.hand else state.next_dealer

    def to_act(self, state: SessionT) -> int | None:
        """The next dealer between hands; nobody in particular during one (a game whose hand is
        played turn by turn says whose turn it is)."""
        return state.next_dealer if state.hand is None else None

    def hands(self, state: SessionT) -> tuple[HandScore, ...]:
        return state.done

    def leaders(self, state: SessionT, code: str) -> Outcome:
        """The end, won by every seat with the best total."""
        totals = self.scores(state)
        best = self.best(totals)
        return Outcome(code, tuple(s for s, t in enumerate(totals) if t == best))

    def after_hands(self, state: SessionT, hands: int, code: str) -> Outcome | None:
        """The end of a session of ``hands`` hands (0: no fixed end): when that many are scored
        and none is under way."""
        if not hands or len(state.done) < hands or state.hand is not None:
            return None
        return self.leaders(state, code)


@dataclasses.dataclass(frozen=True)
class Replay(Generic[S]):
    state: S
    flagged: tuple[tuple[int, Violation], ...]  # (event index, irregularity)
    voided: frozenset[int]
    count: int  # events in the log, voids included
    #: Entries replaced by a correction in force: {entry index: the correction's index}.
    corrected: Mapping[int, int] = dataclasses.field(default_factory=dict)
    #: The index of the entry that began the hand under way (the latest deal in force), or -1.
    #: Irregularities flagged after it concern this hand.
    hand_start: int = -1
    #: The index of the ``Abandon`` entry in force, or -1: the game stopped there, and takes
    #: no entry but cancellations.
    abandoned: int = -1


def _voids_on(events: Sequence[Event]) -> dict[int, list[int]]:
    """{entry: the voids aimed at it, in log order}."""
    out: dict[int, list[int]] = {}
    for index, event in enumerate(events):
        if isinstance(event, Void):
            out.setdefault(event.target, []).append(index)
    return out


def _cancelled(voids_on: Mapping[int, list[int]], target: int, before: int) -> bool:
    """Whether the first ``before`` entries of the log cancel entry ``target``: some void among
    them aims at it and is not itself cancelled by one among them.

    Worked out from the voids aimed at ``target`` upwards, without recursion (a chain of voids
    can be as long as the log). Undo, restore and undo again aim at the newest entries, which
    nothing aims at yet, so checking each of them costs the same however long the log is.
    """
    memo: dict[int, bool] = {}
    stack = [target]
    while stack:
        node = stack[-1]
        pending = [v for v in voids_on.get(node, ()) if v < before and v not in memo]
        if pending:
            stack.extend(pending)
            continue
        stack.pop()
        memo[node] = any(not memo[v] for v in voids_on.get(node, ()) if v < before)
    return memo[target]


def effective_voids(events: Sequence[Event]) -> frozenset[int]:
    """Indexes cancelled by a Void. A void can itself be voided, which restores its target."""
    voided: set[int] = set()
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if isinstance(event, Void) and index not in voided:
            voided.add(event.target)
    return frozenset(voided)


def effective_corrections(events: Sequence[Event], voided: frozenset[int]) -> dict[int, int]:
    """{entry: the correction that replaces it}: the latest correction not cancelled."""
    return {
        event.target: index
        for index, event in enumerate(events)
        if isinstance(event, Correction) and index not in voided
    }


def _void_problems(
    events: Sequence[Event], index: int, voids_on: Mapping[int, list[int]]
) -> list[Violation]:
    event = events[index]
    assert isinstance(event, Void)
    if not 0 <= event.target < index:
        message = tr("There is no entry #{number} to cancel.", number=event.target + 1)
        return [Violation("void-target", message)]
    if _cancelled(voids_on, event.target, index):
        message = tr("Entry #{number} is already cancelled.", number=event.target + 1)
        return [Violation("void-twice", message)]
    return []


def _correction_problems(
    events: Sequence[Event], index: int, voids_on: Mapping[int, list[int]]
) -> list[Violation]:
    event = events[index]
    assert isinstance(event, Correction)
    number = event.target + 1
    if not 0 <= event.target < index:
        message = tr("There is no entry #{number} to correct.", number=number)
        return [Violation("correction-target", message)]
    original = events[event.target]
    if isinstance(original, Abandon):
        message = tr("Entry #{number} abandons the game: cancel it instead.", number=number)
        return [Violation("correction-target", message)]
    if isinstance(original, Void | Correction):
        return [
            Violation(
                "correction-target",
                tr(
                    "Entry #{number} is itself a cancellation or a correction: correct the entry "
                    "it was about instead.",
                    number=number,
                ),
            )
        ]
    if _cancelled(voids_on, event.target, index):
        return [
            Violation(
                "correction-target",
                tr(
                    "Entry #{number} is cancelled: restore it first, or record the entry anew.",
                    number=number,
                ),
            )
        ]
    if event.event.kind != original.kind:
        return [
            Violation(
                "correction-kind",
                tr(
                    "Entry #{number} is a {kind} entry: only another {kind} entry can correct "
                    "it, not a {other} entry.",
                    number=number,
                    kind=original.kind,
                    other=event.event.kind,
                ),
            )
        ]
    return []


def abandoned_violation(abandoned: int) -> Violation:
    """Why nothing is taken in a game abandoned at entry ``abandoned`` (0-based)."""
    message = tr(
        "The game was abandoned at entry #{number}: cancel that entry to go on playing.",
        number=abandoned + 1,
    )
    return Violation("game-abandoned", message)


def _abandoning(rules: Rules[S, Any], state: S, event: Event, index: int, abandoned: int) -> int:
    """Where the game stands abandoned once entry ``index`` (``event``, in force) is taken:
    ``abandoned`` as it was (-1 if it is not), or ``index`` if this entry abandons it. Raises
    IllegalEventError for an entry after an abandon in force, or an abandon of a finished game.
    """
    if abandoned >= 0:
        raise IllegalEventError(index, [abandoned_violation(abandoned)])
    if not isinstance(event, Abandon):
        return abandoned
    if rules.outcome(state) is not None:
        message = tr("The game is over: there is nothing to abandon.")
        raise IllegalEventError(index, [Violation("abandon-over", message)])
    return index


def _step(rules: Rules[S, Any], state: S, event: Event, blame: int) -> tuple[S, list[Violation]]:
    """One entry checked and applied: the new state and the irregularities it shows. Raises
    IllegalEventError naming entry ``blame`` if the rules refuse it."""
    if bad := seat_problems(event, rules.n_seats):
        # Translators: a technical problem with an entry's seats, written in English.
        message = tr("{problem}.", problem=bad[0])
        raise IllegalEventError(blame, [Violation("no-such-seat", message)])
    problems = rules.violations(state, event)
    if errors := errors_only(problems):
        raise IllegalEventError(blame, errors)
    return rules.apply(state, event), problems


def replay(
    rules: Rules[S, Any], events: Sequence[Event], *, before: int | None = None
) -> Replay[S]:
    """Rebuild the state from the log. Raises IllegalEventError at the first refused event.

    Voids and corrections anywhere in the log apply; with ``before``, the state is the one
    just before entry ``before`` (what a correction of that entry is checked against).
    The cost is proportional to the log's length, voids and corrections included.
    """
    voided = effective_voids(events)
    corrected = effective_corrections(events, voided)
    voids_on = _voids_on(events)
    state = rules.initial_state()
    flagged: list[tuple[int, Violation]] = []
    hand_start = abandoned = -1
    for index, event in enumerate(events):
        if before is not None and index >= before:
            break
        if isinstance(event, Void | Correction):
            check = _void_problems if isinstance(event, Void) else _correction_problems
            if errors := check(events, index, voids_on):
                raise IllegalEventError(index, errors)
            continue
        if index in voided:
            continue
        blame = index  # the entry to name if this one is refused
        if index in corrected:
            blame = corrected[index]
            if errors := _correction_problems(events, blame, voids_on):
                raise IllegalEventError(blame, errors)
            replacement = events[blame]
            assert isinstance(replacement, Correction)
            event = replacement.event
        abandoned = _abandoning(rules, state, event, blame, abandoned)
        if isinstance(event, Abandon):
            continue
        state, problems = _step(rules, state, event, blame)
        flagged += [(index, p) for p in problems]
        if event.kind in rules.hand_start_kinds:
            hand_start = index
    return Replay(
        state=state,
        flagged=tuple(flagged),
        voided=voided,
        count=len(events),
        corrected=corrected,
        hand_start=hand_start,
        abandoned=abandoned,
    )


def resume(rules: Rules[S, Any], result: Replay[S], events: Sequence[Event]) -> Replay[S]:
    """The replay of ``events``, given ``result``: the replay of its first ``result.count``
    entries (kept from an earlier request, say). Only the entries after those are checked and
    applied, so appending one entry costs the same at entry 10 and entry 1,000. A void or a
    correction among them can change anything after its target: then the whole log is replayed.
    Raises IllegalEventError like :func:`replay`; the result is always the same as replay's.
    """
    if not 0 <= result.count <= len(events):
        raise ValueError(f"a replay of {result.count} entries cannot resume a log of {len(events)}")
    new = events[result.count :]
    if any(isinstance(event, Void | Correction) for event in new):
        return replay(rules, events)
    return extend(rules, result, new)


def extend(rules: Rules[S, Any], result: Replay[S], new: Sequence[Event]) -> Replay[S]:
    """``result`` with the entries ``new`` recorded after it, each checked and applied: the same
    as a replay of the whole log, without needing it. ``new`` holds no void or correction (they
    need the whole log: use :func:`resume` or :func:`replay`). Raises IllegalEventError naming
    the entry refused."""
    if any(isinstance(event, Void | Correction) for event in new):
        raise ValueError("a void or a correction needs the whole log: use resume() or replay()")
    state, hand_start, abandoned = result.state, result.hand_start, result.abandoned
    flagged = list(result.flagged)
    for index, event in enumerate(new, start=result.count):
        abandoned = _abandoning(rules, state, event, index, abandoned)
        if isinstance(event, Abandon):
            continue
        state, problems = _step(rules, state, event, index)
        flagged += [(index, p) for p in problems]
        if event.kind in rules.hand_start_kinds:
            hand_start = index
    return dataclasses.replace(
        result,
        state=state,
        flagged=tuple(flagged),
        count=result.count + len(new),
        hand_start=hand_start,
        abandoned=abandoned,
    )


def check_event_type(rules: Rules[Any, Any], event: Event) -> None:
    if event.kind not in rules.event_types or type(event) is not rules.event_types[event.kind]:
        raise InvalidEventError(f"{rules.title} does not record '{event.kind}' events")
