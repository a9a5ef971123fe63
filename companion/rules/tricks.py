"""What every trick-taking game shares: the winner of a trick, following suit, and revokes.

Games pass in how *their* cards behave (``suit_of`` for a left bower that belongs to trumps,
``strength`` for a trump order like Belote's J 9 A 10 ...); the mechanics live here once.
The refusals and words the trick games say alike live here too: a trick's leader and size,
cards recorded twice, the wrong dealer, an entry out of order, the game over, and the
prompt of a hand played card by card.

>>> from companion.rules.cards import parse_cards, Suit
>>> winner_index(parse_cards("QS 2H AS 3S"), lead=Suit.SPADES, trump=Suit.HEARTS)
1
>>> winner_index(parse_cards("QS JK AS 3S"), lead=Suit.SPADES, trump=Suit.HEARTS)
1
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Protocol, TypeVar

from companion.rules.cards import Card, Suit
from companion.rules.core import Outcome, Severity, Violation
from companion.rules.text import Text, tr, tr_n, trc

SuitOf = Callable[[Card], "Suit | None"]
Strength = Callable[[Card], int]


StateT_contra = TypeVar("StateT_contra", contravariant=True)
OptionsT_co = TypeVar("OptionsT_co", covariant=True)


class RulesView(Protocol[StateT_contra, OptionsT_co]):
    """What a trick game's helper modules (``checks``, ``text``) may ask of any rules: each
    game's ``events.Table`` adds what is its own, so the helpers never import the game module."""

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def n_seats(self) -> int: ...

    @property
    def options(self) -> OptionsT_co: ...

    def outcome(self, state: StateT_contra) -> Outcome | None: ...

    def winners_text(self, end: Outcome) -> str: ...

    def scores(self, state: StateT_contra) -> tuple[int, ...]: ...

    def teams(self) -> tuple[tuple[int, ...], ...]: ...

    def team_name(self, team: Sequence[int]) -> str: ...


def natural_suit(card: Card) -> Suit | None:
    return card.suit


def natural_strength(card: Card) -> int:
    return card.rank


def winner_index(
    cards: Sequence[Card],
    *,
    lead: Suit | None,
    trump: Suit | None,
    suit_of: SuitOf = natural_suit,
    strength: Strength = natural_strength,
    joker_wins: bool = True,
) -> int:
    """Index (in play order) of the card that wins: a joker, else the best trump, else the best
    card of the led suit. With identical cards (several packs) the first one played wins."""

    def key(card: Card) -> tuple[int, int]:
        if card.is_joker:
            return (3, 0) if joker_wins else (0, 0)
        suit = suit_of(card)
        if trump is not None and suit == trump:
            return (2, strength(card))
        if suit == lead:
            return (1, strength(card))
        return (0, 0)

    best = 0
    for i in range(1, len(cards)):
        if key(cards[i]) > key(cards[best]):
            best = i
    return best


@dataclasses.dataclass(frozen=True)
class TrickRecord:
    """A finished trick: who led, the cards in play order, who won it."""

    number: int  # 1-based within the hand
    leader: int
    cards: tuple[Card, ...]
    lead: Suit | None
    winner: int  # seat
    # Who played each card, when not every seat plays (Buck Euchre's dropped players);
    # empty means every seat in turn from the leader.
    seats: tuple[int, ...] = ()

    def seat_of(self, position: int, n_seats: int) -> int:
        if self.seats:
            return self.seats[position]
        return (self.leader + position) % n_seats

    def plays(self, n_seats: int) -> list[tuple[int, Card]]:
        return [(self.seat_of(i, n_seats), c) for i, c in enumerate(self.cards)]


#: The suit as a capitalised word, as in a heading or after its symbol: "♥ Hearts".
SUIT_TITLES = {
    Suit.SPADES: trc("suit", "Spades"),
    Suit.HEARTS: trc("suit", "Hearts"),
    Suit.DIAMONDS: trc("suit", "Diamonds"),
    Suit.CLUBS: trc("suit", "Clubs"),
}


def suit_title(suit: Suit) -> Text:
    """The suit as a capitalised word: ``Hearts``."""
    return SUIT_TITLES[suit]


#: One card of a suit, as a word: "no heart in trick 3".
SUIT_ONE = {
    Suit.SPADES: trc("one card of the suit", "spade"),
    Suit.HEARTS: trc("one card of the suit", "heart"),
    Suit.DIAMONDS: trc("one card of the suit", "diamond"),
    Suit.CLUBS: trc("one card of the suit", "club"),
}


def suit_one(suit: Suit) -> Text:
    """A card of the suit, as a word: ``heart`` (``no heart in trick 3``, ``a heart this hand``)."""
    return SUIT_ONE[suit]


#: The face ranks as written on a card (``V`` for the jack in French), for sentences about ranks.
FACE_RANKS = {
    14: trc("card rank", "A"),
    13: trc("card rank", "K"),
    12: trc("card rank", "Q"),
    11: trc("card rank", "J"),
}


def rank_word(rank: int) -> Text | int:
    """A rank as written on a card, to pass as a value: ``J`` (a Text) or the number ``7``."""
    return FACE_RANKS.get(rank, rank)


def card_seen(tricks: Sequence[TrickRecord], card: Card) -> int | None:
    """The number of the trick in which ``card`` was played, if it was."""
    for trick in tricks:
        if card in trick.cards:
            return trick.number
    return None


def lead_and_size_problems(
    names: Sequence[str],
    leader: int,
    claimed: int | None,
    n_cards: int,
    players: Sequence[int],
    why: str,
    absent: str = "",
) -> list[Violation]:
    """The first checks of any recorded trick: the right player leads (``why`` says who leads
    and why), and there is one card from each player who plays (``players``; ``absent`` names
    anyone sitting out, for the message)."""
    if claimed is not None and claimed != leader:
        message = tr(
            "{leader} leads this trick ({why}), not {player}.",
            leader=names[leader],
            why=why,
            player=names[claimed],
        )
        return [Violation("wrong-leader", message, rule="play")]
    if n_cards != len(players):
        who: Text
        if len(players) == len(names):
            who = tr("each player")
        else:
            still = comma_list([names[s] for s in players])
            if absent:
                who = tr("each player still in ({players}; {absent})", players=still, absent=absent)
            else:
                who = tr("each player still in ({players})", players=still)
        message = tr_n(
            "This trick needs {n} card, one from {who}; {given} were given.",
            "This trick needs {n} cards, one from {who}; {given} were given.",
            len(players),
            who=who,
            given=n_cards,
        )
        return [Violation("trick-size", message, rule="play")]
    return []


def wrong_dealer(
    names: Sequence[str], expected: int, dealer: int, *, to_right: bool = False
) -> Violation:
    """The deal recorded for ``dealer`` when it is ``expected``'s: the deal passes to the left
    (or, with ``to_right``, to the right)."""
    if to_right:
        message = tr(
            "It is {player}'s deal (the deal passes to the right), not {other}'s.",
            player=names[expected],
            other=names[dealer],
        )
    else:
        message = tr(
            "It is {player}'s deal (the deal passes to the left), not {other}'s.",
            player=names[expected],
            other=names[dealer],
        )
    return Violation("wrong-dealer", message, rule="deal")


def game_over() -> Violation:
    """Any entry once the game is over."""
    return Violation("game-over", tr("The game is over: nothing more can be recorded."))


#: An entry's kind as a word, for "A trick cannot be recorded now" (the kind itself is an
#: identifier, never shown).
ENTRY_KINDS = {
    "deal": trc("entry kind", "deal"),
    "exchange": trc("entry kind", "exchange"),
    "piles": trc("entry kind", "piles"),
    "trick": trc("entry kind", "trick"),
    "tally": trc("entry kind", "tally"),
    "forfeit": trc("entry kind", "forfeit"),
}


def out_of_order(kind: str, tricks: Sequence[TrickRecord] | None, first: Text) -> Violation:
    """An entry of ``kind`` that comes at the wrong moment. Expected: the deal of the next hand
    when no hand is being played (``tricks`` None), the next trick once one is recorded, else
    ``first`` (what may start the hand: ``the first trick or the hand's points``)."""
    what: Text
    if tricks is None:
        what = tr("the deal of the next hand")
    elif tricks:
        what = tr("trick {number}", number=len(tricks) + 1)
    else:
        what = first
    return Violation(
        "out-of-order",
        tr(
            "A {kind} cannot be recorded now: expecting {what}.",
            kind=ENTRY_KINDS.get(kind, kind),
            what=what,
        ),
    )


def leads_trick(player: str, number: int, tricks: int) -> Text:
    """The prompt while a hand is played card by card: ``Ann leads trick 3 of 13.``"""
    return tr(
        "{player} leads trick {number} of {tricks}.", player=player, number=number, tricks=tricks
    )


def comma_list(items: Sequence[str]) -> str:
    """Names or words separated by commas, ``Ann, Bob, Cat``: one message joining two, nested
    (a Text when there are several; the item itself when there is one)."""
    shown = items[0] if items else ""
    for item in items[1:]:
        shown = tr("{items}, {item}", items=shown, item=item)
    return shown


def name_list(names: Sequence[str]) -> str:
    """Players' names separated by commas, ``Ann, Bob, Cat`` in English (see
    :func:`comma_list`); the last one joined each language's own way, its own message
    (``Ann, Bob et Cat``, ``Ann, Bob und Cat``).

    >>> str(name_list(["Ann", "Bob", "Cat"]))
    'Ann, Bob, Cat'
    >>> name_list(["Ann"])
    'Ann'
    """
    if len(names) < 2:
        return comma_list(names)
    # Translators: the last of several players' names: "Ann, Bob et Cat", "Ann et Bob".
    return trc("names", "{names}, {last}", names=comma_list(names[:-1]), last=names[-1])


def duplicate_problems(
    cards: Sequence[Card], tricks: Sequence[TrickRecord], copies: int = 1
) -> list[Violation]:
    """A card may be played as many times as the pack holds it (once, unless several packs)."""
    problems = []
    for card in dict.fromkeys(cards):
        before = sum(t.cards.count(card) for t in tricks)
        if before + cards.count(card) > copies:
            where = card_seen(tricks, card)
            if where:
                message = tr("{card} was already played in trick {trick}.", card=card, trick=where)
            else:
                message = tr("{card} appears twice here.", card=card)
            problems.append(Violation("card-twice", message, rule="cards"))
    return problems


def _never(card: Card) -> bool:
    return False


# --- failures to follow (a single duty, proven by a later card of the suit) --------------------


@dataclasses.dataclass(frozen=True)
class Failure:
    """A play that did not follow the led ``suit``: a revoke once the player shows the suit.
    ``drawn``: cards the player drew since (any of them may be a card of the suit they play
    later); ``shown``: cards of the suit they played since, fewer than ``drawn`` so far."""

    trick: int
    seat: int
    suit: Suit
    card: Card  # what was played instead
    drawn: int = 0
    shown: int = 0
    #: Proven by a card of any other suit instead: a lead of ``suit`` allowed only to a player
    #: holding nothing else (Ui77's trump led before trump is broken, ruling U-4).
    other: bool = False

    def proves(self, suit: Suit | None) -> bool:
        """Whether holding a card of ``suit`` proves this failure."""
        return suit is not None and (suit != self.suit if self.other else suit == self.suit)


def follow_step(
    unproven: Sequence[Failure],
    trick: TrickRecord,
    n_seats: int,
    suit_of: SuitOf = natural_suit,
    free: Callable[[Card], bool] = _never,
) -> tuple[tuple[Failure, ...], list[tuple[Failure, Card]]]:
    """What recording ``trick`` proves: the failures to follow still unproven afterwards, and
    each failure proven now with the card that proves it (a card of the suit the player did not
    follow, so it was in their hand all along). Each card is checked only against its player's
    unproven failures, and each failure is proven once, by the first such card: a player who
    revokes in a suit again after being flagged for it is flagged again. ``free`` cards (a
    joker that may be played at any time) never count as not following. A player who drew
    ``drawn`` cards since the failure (:func:`drew`) proves it with the suit's card played
    after ``drawn`` others: more cards of the suit than they can have drawn."""
    still = list(unproven)
    proven: list[tuple[Failure, Card]] = []
    plays = trick.plays(n_seats)
    for seat, card in plays:
        suit = suit_of(card)
        if suit is None:
            continue
        for failure in [f for f in still if f.seat == seat and f.proves(suit)]:
            index = still.index(failure)
            if failure.shown < failure.drawn:
                still[index] = dataclasses.replace(failure, shown=failure.shown + 1)
                continue
            proven.append((failure, card))
            del still[index]
    if trick.lead is not None:
        # The leader cannot fail to follow, even when a led joker lets the next card set the suit.
        for seat, card in plays[1:]:
            if suit_of(card) != trick.lead and not free(card):
                still.append(Failure(trick.number, seat, trick.lead, card))
    return tuple(still), proven


def drew(unproven: Sequence[Failure], seat: int) -> tuple[Failure, ...]:
    """The failures after ``seat`` draws a card, which may be of any suit."""
    return tuple(
        dataclasses.replace(f, drawn=f.drawn + 1) if f.seat == seat else f for f in unproven
    )


def counted_step(
    unproven: Sequence[Failure],
    unseen: frozenset[Card],
    hidden: Callable[[int], int],
    known: Mapping[int, Card] | None = None,
    suit_of: SuitOf = natural_suit,
) -> tuple[tuple[Failure, ...], list[tuple[Failure, Card | None]]]:
    """Failures to follow proven without a card of the suit played: by a card ``known`` in the
    player's hand (an upcard they took, not played yet), or by the count: the player still
    holds ``hidden(seat)`` cards nobody has seen, among ``unseen`` (the cards not played nor
    known in a hand), and too few of those are outside the suit for all of them to be, even
    after the cards they drew since. The failures still unproven, and those proven (with the
    known card, or None for a count)."""
    known = known or {}
    still: list[Failure] = []
    proven: list[tuple[Failure, Card | None]] = []
    for failure in unproven:
        up = known.get(failure.seat)
        if up is not None and failure.proves(suit_of(up)):
            proven.append((failure, up))
            continue
        outside = sum(1 for c in unseen if not failure.proves(suit_of(c)))
        if failure.shown + max(0, hidden(failure.seat) - outside) > failure.drawn:
            proven.append((failure, None))
            continue
        still.append(failure)
    return tuple(still), proven


def revoke_flags(
    proven: Sequence[tuple[Failure, Card | None]],
    number: int,
    names: Sequence[str],
    rule: str = "follow-suit",
    known: Collection[Card] = (),
) -> list[Violation]:
    """The flags for failures to follow proven in trick ``number`` (see :func:`follow_step`
    and :func:`counted_step`): both tricks are named, or what else proves it (``known``: the
    cards known in a hand, which prove a failure while still there)."""
    return [
        Violation(
            "revoke", revoke_text(failure, card, number, names, known), Severity.IRREGULARITY, rule
        )
        for failure, card in proven
    ]


def revoke_text(
    failure: Failure,
    card: Card | None,
    number: int,
    names: Sequence[str],
    known: Collection[Card] = (),
) -> str:
    """Why a failure to follow is a revoke: a card of the suit played later (``card``, in
    trick ``number``), a card the player took face up (one of the ``known``), or the count of
    the cards unseen (``card`` None)."""
    values = {"player": names[failure.seat], "suit": suit_one(failure.suit), "trick": failure.trick}
    if card is None:
        return tr(
            "Revoke by {player}: no {suit} in trick {trick} although they still held one: the "
            "cards still unseen leave them no hand without one.",
            **values,
        )
    if card in known:
        return tr(
            "Revoke by {player}: no {suit} in trick {trick} although {card}, which they took "
            "face up, was still in hand.",
            card=card,
            **values,
        )
    if failure.drawn:
        return tr_n(
            "Revoke by {player}: no {suit} in trick {trick} although one was still in hand: "
            "{count} played since (the last {card}, in trick {number}), and only {n} card drawn.",
            "Revoke by {player}: no {suit} in trick {trick} although one was still in hand: "
            "{count} played since (the last {card}, in trick {number}), and only {n} cards drawn.",
            failure.drawn,
            count=failure.shown + 1,
            card=card,
            number=number,
            **values,
        )
    return tr(
        "Revoke by {player}: no {suit} in trick {trick} although {card} was still in hand "
        "(played in trick {number}).",
        card=card,
        number=number,
        **values,
    )


# --- duties of play with precedence (follow, then trump, beat, ...) ----------------------------


#: What a Duty's reason says for the evidence, until a play is proven:
#: ``tr("they held {held} and had to follow {suit}", held=HELD, suit=suit_name(lead))``.
HELD = "{held}"


@dataclasses.dataclass(frozen=True)
class Duty:
    """A duty a play may have broken: holding any of ``cards`` made the play illegal.
    ``reason`` ends the flag's message, ``{held}`` standing for the evidence: a Text built with
    ``held=HELD``, whose ``held`` is filled in when the play is proven (:class:`Proof`).
    ``must`` says what the duty asked, for a flag that cannot name the duty yet: ``follow
    hearts``, ``trump``."""

    code: str  # "revoke" | "must-trump" | ...
    rule: str  # anchor on the rules page
    cards: frozenset[Card]
    reason: str  # "they held {held} and had to follow hearts"
    must: str = ""  # "follow hearts"


def with_held(reason: str, held: str) -> str:
    """A Duty's ``reason`` with the evidence filled in (still a Text when it was one)."""
    if isinstance(reason, Text):
        values = {**reason.values, "held": held}
        return Text(
            reason.msgid,
            values,
            plural=reason.plural,
            number=reason.number,
            context=reason.context,
        )
    return reason.replace(HELD, held)


#: The code of a flag for a play proven illegal before the hand shows which duty it broke.
ILLEGAL_PLAY = "illegal-play"


@dataclasses.dataclass(frozen=True)
class OpenPlay:
    """A play that may yet be proven wrong. Its duties are worked out once, when its trick is
    recorded, in order of precedence: the play broke the first duty whose cards the player
    held, and was legal if they held none. ``open``: the first ``open`` duties are not proven
    broken yet. ``broken``: a duty proven broken (by ``held``) whose flag may still have to
    wait, because the player may still turn out to have held a card of an earlier duty (the led
    suit): the play is illegal either way, so it is flagged at once (``announced``: a flag
    saying which duties it broke one of), and flagged again naming the rule actually broken
    once the hand shows it."""

    trick: int
    position: int
    seat: int
    card: Card
    duties: tuple[Duty, ...]
    open: int
    broken: int | None = None
    held: str = ""  # the evidence of ``broken`` (a Text): "Q♦ (played in trick 6)"
    announced: bool = False


@dataclasses.dataclass(frozen=True)
class Proof:
    """A play proven illegal. ``duty`` is the duty it certainly broke first; None when it is
    only proven to have broken one of ``duties`` (the hand will show which). ``names``: the
    play was flagged earlier (:data:`ILLEGAL_PLAY`) and this proof names its duty."""

    play: OpenPlay
    duty: Duty | None
    held: str
    duties: tuple[Duty, ...] = ()
    names: bool = False

    @property
    def code(self) -> str:
        return ILLEGAL_PLAY if self.duty is None else self.duty.code

    def violation(self, names: Sequence[str]) -> Violation:
        play, duty = self.play, self.duty
        if duty is None:
            return Violation(
                ILLEGAL_PLAY,
                tr(
                    "Trick {trick}: {player} played {card}, illegal whichever duty it broke, "
                    "since they held {held}: {player} had to {duties}. Which one shows later "
                    "in the hand.",
                    trick=play.trick,
                    player=names[play.seat],
                    card=play.card,
                    held=self.held,
                    duties=or_list([d.must for d in self.duties]),
                ),
                Severity.IRREGULARITY,
                self.duties[0].rule,
            )
        return Violation(
            duty.code,
            tr(
                "Trick {trick}: {player} played {card}, but {reason}.",
                trick=play.trick,
                player=names[play.seat],
                card=play.card,
                reason=with_held(duty.reason, self.held),
            ),
            Severity.IRREGULARITY,
            duty.rule,
        )


def or_list(items: Sequence[str]) -> str:
    """Alternatives, ``follow hearts, trump or overtrump``: commas, then ``or`` before the last
    (the item itself when there is one)."""
    if len(items) < 2:
        return items[0] if items else ""
    return tr("{items} or {item}", items=comma_list(items[:-1]), item=items[-1])


def _first_broken(play: OpenPlay, card: Card) -> int | None:
    """The first of the play's unproven duties that holding ``card`` broke, if any."""
    for index in range(play.open):
        if card in play.duties[index].cards:
            return index
    return None


def _broken(play: OpenPlay, index: int, held: str) -> OpenPlay:
    return dataclasses.replace(play, open=index, broken=index, held=held)


def _forced(unseen: frozenset[Card], cards: frozenset[Card], hidden: int) -> bool:
    """Whether a player holding ``hidden`` cards nobody has seen yet (among ``unseen``, the
    cards not played nor known in a hand) certainly holds one of ``cards``: fewer cards than
    that are unseen outside them."""
    return hidden > 0 and len(unseen - cards) < hidden


def _unseen_held(unseen: frozenset[Card], cards: frozenset[Card], hidden: int) -> str:
    return tr_n(
        "a card that would have been legal ({n} of their cards is still unseen, and all but "
        "{others} of the cards still out would have been)",
        "a card that would have been legal ({n} of their cards are still unseen, and all but "
        "{others} of the cards still out would have been)",
        hidden,
        others=len(unseen - cards),
    )


def _judge(
    play: OpenPlay, unseen: frozenset[Card], hidden: int
) -> tuple[OpenPlay, Proof | None, bool]:
    """What is proven about ``play`` now: the play as it stands, a proof if one is due, and
    whether it is settled (nothing more to prove). ``hidden``: how many cards the player still
    holds that nobody has seen (``unseen`` lists the cards they could be)."""
    duties = play.duties
    # The play broke duty ``j`` for certain once every earlier duty is ruled out (none of its
    # cards can be in the hand) and a card of ``j`` is shown, or forced by the count.
    for j in range(len(duties)):
        if j == play.broken:
            held = play.held
        elif j < play.open and _forced(unseen, duties[j].cards, hidden):
            held = _unseen_held(unseen, duties[j].cards, hidden)
        else:
            held = ""
        if held:
            proof = Proof(play, duties[j], held, names=play.announced)
            return play, proof, True
        if j >= play.open or (hidden and unseen & duties[j].cards):
            break  # duty j may still have been broken, or it is ruled out and a later one may be
    if play.announced:
        return play, None, False
    everything = frozenset().union(*(d.cards for d in duties[: play.open]))
    if play.broken is not None:
        proof = Proof(play, None, play.held, duties[: play.broken + 1])
    elif _forced(unseen, everything, hidden):
        proof = Proof(play, None, _unseen_held(unseen, everything, hidden), duties[: play.open])
    elif hidden == 0 or not unseen & everything:
        return play, None, True  # legal: the player held none of the cards
    else:
        return play, None, False
    return dataclasses.replace(play, announced=True), proof, False


def prove_plays(
    pending: Sequence[OpenPlay],
    trick: TrickRecord,
    new: Sequence[OpenPlay],
    n_seats: int,
    *,
    before: Sequence[TrickRecord],
    length: int,
    deck: frozenset[Card],
    upcard: tuple[int, Card] | None = None,
) -> tuple[tuple[OpenPlay, ...], list[Proof]]:
    """What recording ``trick`` proves, for games where every card of ``deck`` is played: the
    plays still open afterwards, and each play now certainly proven wrong.

    ``pending`` holds the earlier plays of the hand still open, ``new`` this trick's plays that
    have duties; ``before``: the hand's earlier tricks, of ``length`` in all. Every card a
    player plays was in their hand at each of their earlier plays, so each card of ``trick`` is
    checked against that player's open duties. ``upcard``: a seat and a card known to be in
    their hand until they play it (an upcard that went to them): evidence from the start.

    A play is illegal if the player held a card of any of its duties; it broke the first such
    duty. It is flagged as soon as it is certainly illegal: when a card of a duty shows in the
    player's hand, or when the cards still unseen (not ``played``, this trick included, nor
    known in a hand) leave the player no way to hold none. If the duty broken is certain too
    (each earlier duty ruled out: its cards are all elsewhere, or the player's hand is all
    known), the flag names it; otherwise the flag (:data:`ILLEGAL_PLAY`) says which duties it
    broke one of, and a second flag names the duty once the hand shows it.
    """
    played = frozenset(c for t in (*before, trick) for c in t.cards)
    known = dict([upcard]) if upcard is not None and upcard[1] not in played else {}
    left = length - trick.number
    out: list[OpenPlay] = []
    for play in pending:
        for seat, card in trick.plays(n_seats):
            if seat == play.seat and (index := _first_broken(play, card)) is not None:
                held = tr("{card} (played in trick {trick})", card=card, trick=trick.number)
                play = _broken(play, index, held)
        out.append(play)
    for play in new:
        up = known.get(play.seat)
        if up is not None and (index := _first_broken(play, up)) is not None:
            play = _broken(play, index, tr("{card} (the upcard)", card=up))
        out.append(play)
    if not out:
        return (), []
    unseen = deck - played - frozenset(known.values())
    found: list[Proof] = []
    still: list[OpenPlay] = []
    for play in out:
        hidden = left - (1 if play.seat in known else 0)
        play, proof, settled = _judge(play, unseen, hidden)
        if proof is not None:
            found.append(proof)
        if not settled:
            still.append(play)
    found.sort(key=lambda p: (p.play.trick, p.play.position))
    return tuple(still), found


def order_text(ranks: Sequence[int], points: dict[int, int] | None = None) -> Text:
    """Ranks high to low, each with its card points when it has any: ``J (20) · 9 (14) · 8``.
    Made once for each order and points (a game's reminders show the same few on every
    answer)."""
    key = (tuple(ranks), tuple(sorted(points.items())) if points else ())
    found = _ORDERS.get(key)
    if found is None:
        found = _ORDERS[key] = _order_text(key[0], dict(key[1]))
    return found


#: order_text's, by ranks and points: a game has a few orders, and the games fourteen.
_ORDERS: dict[tuple[tuple[int, ...], tuple[tuple[int, int], ...]], Text] = {}


def _order_text(ranks: Sequence[int], values: dict[int, int]) -> Text:
    shown: Text | int | None = None
    for r in ranks:
        rank: Text | int = rank_word(r)
        if values.get(r):
            rank = tr("{rank}\u00a0({points})", rank=rank, points=values[r])
        shown = rank if shown is None else tr("{ranks} · {rank}", ranks=shown, rank=rank)
    assert shown is not None, "no ranks to show"
    if isinstance(shown, Text):
        return shown
    # Translators: a single rank, as written on a card ("7").
    return tr("{rank}", rank=shown)
