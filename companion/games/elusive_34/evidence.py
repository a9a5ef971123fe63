"""What the recorded cards prove about the hands the table cannot see (rule 12, rule 18, §1.2:
"revokes can be detected only if the app tracks hands, including cards passed in trades").

Two things are taken on trust when they happen, and proven wrong by a card seen later:

* a **failure to follow** (:class:`Failure`): a card that did not follow the suit led (or the
  Joker played while the suit may have been held). A card of that suit the same player held
  at that moment, seen later, proves a revoke;
* a **card given back** in a trade (:class:`Duty`): the winner returned the loser's own card,
  saying they had nothing worth more (rule 18). A card worth more that they held at that
  moment, seen later, proves the trade broke the rule.

A player *shows* a card by playing it, by passing it in a trade (the loser's card given, the
winner's card returned when it is not the loser's own coming back). A card shown was held
since the deal unless it came in a trade since: a card received and noted is known and proves
nothing older; a card received but not noted could be any later card, so each such card
excuses one card shown after it (:attr:`Failure.slack`). A trade whose card goes back to its
owner moves nothing. A card noted as coming into a hand (received, or passed and given back)
is *known* to be there until it is shown or an unknown card leaves that hand: a failure in its
suit is then proven at once, and so is a card given back while it is worth more.

>>> from companion.rules.cards import parse_card as c
>>> ev, proofs = after_trick(Evidence.empty(3), 1, [(1, c("3S")), (2, c("2C")), (0, c("6S"))],
...                          "any")
>>> [(f.seat, str(f.card)) for f in ev.failures], proofs
([(2, '2C')], [])
>>> ev, proofs = after_trade(ev, 1, loser=2, winner=0, given=c("KS"), returned=c("AH"),
...                          winner_empty=False, joker_trade="any")
>>> [(str(p.claim.card), str(p.card), p.how) for p in proofs]
[('2C', 'KS', 'trade')]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from companion.games.elusive_34 import play
from companion.rules.cards import Card, Suit


@dataclasses.dataclass(frozen=True)
class Failure:
    """A card that did not follow the led suit (or the Joker while the suit may be held)."""

    trick: int
    seat: int
    suit: Suit
    card: Card
    #: Unknown cards received since that a card shown since may have been.
    slack: int = 0

    @property
    def since(self) -> int:
        """The first trade (by the trick it follows) that comes after the failure."""
        return self.trick


@dataclasses.dataclass(frozen=True)
class Duty:
    """The winner of trick ``trick`` gave back the loser's card ``given`` in the trade after
    it: they said they held nothing worth more (rule 18)."""

    trick: int
    seat: int
    given: Card
    slack: int = 0

    @property
    def since(self) -> int:
        return self.trick + 1


Claim = Failure | Duty


@dataclasses.dataclass(frozen=True)
class Proof:
    """A claim proven wrong by ``card``: ``how`` is ``"trick"`` (played in trick ``at``),
    ``"trade"`` (passed in the trade after trick ``at``) or ``"known"`` (noted in the hand in
    the trade after trick ``at`` and not seen since)."""

    claim: Claim
    card: Card
    how: str
    at: int

    @property
    def revoke(self) -> bool:
        return isinstance(self.claim, Failure)


@dataclasses.dataclass(frozen=True)
class Evidence:
    """The claims still open, the cards known in each hand (with the trick whose trade put
    them there) and the noted cards each player received (seat, trick of the trade, card)."""

    failures: tuple[Failure, ...] = ()
    duties: tuple[Duty, ...] = ()
    known: tuple[tuple[tuple[Card, int], ...], ...] = ()
    received: tuple[tuple[int, int, Card], ...] = ()

    @staticmethod
    def empty(n: int) -> Evidence:
        return Evidence(known=((),) * n)


def matches(claim: Claim, card: Card, joker_trade: str) -> bool:
    """Whether holding ``card`` at the claim's moment breaks it."""
    if isinstance(claim, Failure):
        return not card.is_joker and card.suit == claim.suit
    return returns_enough(claim.given, card, joker_trade)


def returns_enough(given: Card, back: Card, joker_trade: str) -> bool:
    """Whether ``back`` satisfies the winner's duty for ``given`` (rule 18, E-12, E-17)."""
    g, b = play.category(given), play.category(back)
    if g == "joker":
        return b == "low" if joker_trade == "low" else b != "joker"
    if g == "high":
        return b == "high" and back.rank > given.rank
    return play.WORTH[b] > play.WORTH[g]


class _Work:
    """Evidence being updated event by event (lists instead of tuples)."""

    def __init__(self, ev: Evidence, joker_trade: str) -> None:
        self.claims: list[Claim] = [*ev.failures, *ev.duties]
        self.known = [list(k) for k in ev.known]
        self.received = list(ev.received)
        self.joker_trade = joker_trade
        self.proofs: list[Proof] = []

    def show(self, seat: int, card: Card, how: str, at: int) -> None:
        """``seat`` shows ``card``: every open claim of theirs it breaks is proven, unless the
        card came to them since (noted), or may have (an unknown card received since)."""
        still: list[Claim] = []
        for claim in self.claims:
            if (
                claim.seat != seat
                or not matches(claim, card, self.joker_trade)
                or (seat, card) in {(s, c) for s, k, c in self.received if k >= claim.since}
            ):
                still.append(claim)
            elif claim.slack:
                still.append(dataclasses.replace(claim, slack=claim.slack - 1))
            else:
                self.proofs.append(Proof(claim, card, how, at))
        self.claims = still
        self.known[seat] = [(c, k) for c, k in self.known[seat] if c != card]

    def claim(self, claim: Claim) -> None:
        """A new claim: proven at once by a card known to be in the hand, else kept open."""
        for card, k in self.known[claim.seat]:
            if matches(claim, card, self.joker_trade):
                self.proofs.append(Proof(claim, card, "known", k))
                return
        self.claims.append(claim)

    def receive(self, seat: int, card: Card | None, trick: int) -> None:
        if card is None:
            self.claims = [
                dataclasses.replace(c, slack=c.slack + 1) if c.seat == seat else c
                for c in self.claims
            ]
            return
        self.received.append((seat, trick, card))

    def done(self) -> tuple[Evidence, list[Proof]]:
        ev = Evidence(
            failures=tuple(c for c in self.claims if isinstance(c, Failure)),
            duties=tuple(c for c in self.claims if isinstance(c, Duty)),
            known=tuple(tuple(k) for k in self.known),
            received=tuple(self.received),
        )
        return ev, self.proofs


def after_trick(
    ev: Evidence, number: int, plays: Sequence[tuple[int, Card]], joker_trade: str
) -> tuple[Evidence, list[Proof]]:
    """Trick ``number``'s cards, in order, with who played each: each card is shown, and each
    card after the first that is not of the suit led is a new failure to follow."""
    work = _Work(ev, joker_trade)
    lead = play.led_suit([c for _, c in plays])
    for position, (seat, card) in enumerate(plays):
        work.show(seat, card, "trick", number)
        if position and lead is not None and card.suit != lead:
            work.claim(Failure(number, seat, lead, card))
    return work.done()


def after_trade(
    ev: Evidence,
    trick: int,
    *,
    loser: int,
    winner: int,
    given: Card | None,
    returned: Card | None,
    winner_empty: bool,
    joker_trade: str,
) -> tuple[Evidence, list[Proof]]:
    """The trade after trick ``trick``. When the loser's card goes back (``given`` ==
    ``returned``, or a winner with no card of their own) nothing changes hands."""
    work = _Work(ev, joker_trade)
    if given is not None:
        work.show(loser, given, "trade", trick)
    if winner_empty or (given is not None and given == returned):
        if given is not None:
            work.known[loser].append((given, trick))
            if not winner_empty:  # the winner said they held nothing worth more
                work.claim(Duty(trick, winner, given))
        return work.done()
    if returned is not None and given is not None:
        work.show(winner, returned, "trade", trick)
    # An unnoted card left the hand: it may have been any card known there.
    if given is None:
        work.known[loser] = []
    if returned is None:
        work.known[winner] = []
    elif given is None:  # possibly the loser's own card coming back: not the winner's to show
        work.known[winner] = [(c, k) for c, k in work.known[winner] if c != returned]
    work.receive(winner, given, trick)
    work.receive(loser, returned, trick)
    if returned is not None:
        work.known[loser].append((returned, trick))
    if given is not None and returned is not None:
        work.known[winner].append((given, trick))
    return work.done()
