"""Buck Euchre's cards and checks: bowers, the effective suit, how trump was chosen, revokes.

Kept apart from :mod:`buck_euchre` (the phase machine and scoring) so each stays readable.
The rulings are ``shared/rules/buck-euchre/rulings.md`` §8.2 and §8.3.

>>> from companion.rules.cards import parse_card, parse_cards
>>> suit_of = suit_of_for(Suit.HEARTS)
>>> suit_of(parse_card("JD")), suit_of(parse_card("JC"))
(<Suit.HEARTS: 'H'>, <Suit.CLUBS: 'C'>)
>>> from companion.rules.tricks import winner_index
>>> winner_index(parse_cards("AD JD AH"), lead=Suit.DIAMONDS, trump=Suit.HEARTS,
...              suit_of=suit_of, strength=strength_for(Suit.HEARTS))
1
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules.cards import JACK, Card, Suit, deck
from companion.rules.core import Severity, Violation
from companion.rules.text import Text, tr, trc
from companion.rules.tricks import (
    Failure,
    Strength,
    SuitOf,
    natural_strength,
    natural_suit,
    suit_one,
    suit_title,
)

TRICKS = 5
DECLARER_NEEDS = 3  # tricks, or the declarer is euchred
SET_BACK = 5  # points added for a euchre, or for staying in and taking no trick
SEATS = 4
DECK = frozenset(deck(24))
SAME_COLOUR = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}
SUIT_CODES = {s.value: s for s in Suit}
#: How trump was chosen: ordered up (or taken up by the dealer) in round 1, named in round 2,
#: fixed by a club turned up, or nobody chose (no trump).
HOW = {
    "ordered": tr("ordered up in round 1"),
    "named": tr("named in round 2"),
    "clubs": tr("clubs turned up"),
    "none": tr("no trump: everyone passed twice"),
}


def suit_label(suit: Suit | None) -> Text:
    """ "♠ Spades", or "no trump"."""
    if suit is None:
        return trc("trump", "no trump")
    # Translators: a suit's symbol and its name, "♠ Spades".
    return tr("{suit} {name}", suit=suit, name=suit_title(suit))


def left_bower(trump: Suit) -> Card:
    return Card(JACK, SAME_COLOUR[trump])


def suit_of_for(trump: Suit | None) -> SuitOf:
    """The effective suit: the left bower belongs to trump (ruling 8.2.2)."""
    if trump is None:
        return natural_suit
    left = left_bower(trump)

    def suit_of(card: Card) -> Suit | None:
        return trump if card == left else card.suit

    return suit_of


def strength_for(trump: Suit | None) -> Strength:
    """Right bower > left bower > A K Q 10 9 in trump; A K Q J 10 9 elsewhere."""
    if trump is None:
        return natural_strength
    right, left = Card(JACK, trump), left_bower(trump)

    def strength(card: Card) -> int:
        return 30 if card == right else 29 if card == left else card.rank

    return strength


# --- how trump was chosen -------------------------------------------------------------------


def parse_trump(code: str) -> tuple[Suit | None, list[Violation]]:
    if code == "none":
        return None, []
    if code.upper() in SUIT_CODES:
        return SUIT_CODES[code.upper()], []
    return None, [
        Violation(
            "bad-trump",
            tr(
                "The trump '{code}' is not a suit: use S, H, D or C, or 'none' for no trump.",
                code=code,
            ),
            rule="bidding",
        )
    ]


def derive_how(
    upcard: Card | None, trump: Suit | None, declarer: str | None, how: str
) -> tuple[str, list[Violation]]:
    """How trump was chosen in a quick entry, checked against the upcard and the declarer.

    ``declarer`` is the declarer's name (None: nobody chose). Returns the derived ``how``
    ("ordered", "named", "clubs", "none"; "chosen" when the upcard and the round are unknown).
    """
    if how and how not in HOW:
        return how, [
            Violation(
                "bad-how",
                tr("Trump cannot be chosen '{how}': use ordered, named, clubs or none.", how=how),
                rule="bidding",
            )
        ]
    if upcard is not None:
        if upcard.suit is Suit.CLUBS:
            derived = "clubs"
        elif trump is None:
            derived = "none"
        else:
            derived = "ordered" if trump == upcard.suit else "named"
    elif how in ("clubs", "none"):
        derived = how
    elif trump is None:
        derived = "none"
    elif declarer is None and trump is Suit.CLUBS:
        derived = "clubs"
    else:
        derived = how or "chosen"
    return derived, _how_problems(upcard, trump, declarer, how, derived)


def _how_problems(
    upcard: Card | None, trump: Suit | None, declarer: str | None, how: str, derived: str
) -> list[Violation]:
    if derived == "clubs" and trump is not Suit.CLUBS:
        message = (
            tr("A club turned up makes clubs trump, not {suit}.", suit=suit_label(trump))
            if upcard is None
            else tr(
                "A club turned up ({card}) makes clubs trump, not {suit}.",
                card=upcard,
                suit=suit_label(trump),
            )
        )
        return [Violation("trump-mismatch", message, rule="dirty-clubs")]
    if derived == "none" and trump is not None:
        return [
            Violation(
                "trump-mismatch",
                tr("A no-trump hand has no trump, but {suit} was given.", suit=suit_label(trump)),
                rule="no-trump",
            )
        ]
    if derived in ("clubs", "none") and declarer is not None:
        if derived == "clubs":
            message = tr(
                "{player} cannot be the declarer: clubs were turned up, so there is no "
                "declarer this hand.",
                player=declarer,
            )
        else:
            message = tr(
                "{player} cannot be the declarer: nobody chose trump (no trump), so there is "
                "no declarer this hand.",
                player=declarer,
            )
        return [
            Violation(
                "no-declarer", message, rule="dirty-clubs" if derived == "clubs" else "no-trump"
            )
        ]
    if derived not in ("clubs", "none") and declarer is None:
        return [
            Violation(
                "declarer-missing",
                tr(
                    "Trump {suit} was chosen in the bidding, so say who chose it (only a club "
                    "turned up makes trump without a declarer).",
                    suit=suit_label(trump),
                ),
                rule="bidding",
            )
        ]
    if upcard is not None and how and how != derived:
        if how == "named" and trump == upcard.suit:
            return [
                Violation(
                    "named-upcard-suit",
                    tr(
                        "The upcard ({card}) was turned down in round 1, so round 2 cannot name "
                        "{suit}, only another suit.",
                        card=upcard,
                        suit=suit_label(trump),
                    ),
                    rule="bidding",
                )
            ]
        return [
            Violation(
                "how-mismatch",
                tr(
                    "With {card} turned up, {suit} means {derived}, not {claimed}.",
                    card=upcard,
                    suit=suit_label(trump),
                    derived=HOW[derived],
                    claimed=HOW[how],
                ),
                rule="bidding",
            )
        ]
    return []


# --- revokes --------------------------------------------------------------------------------


def revoke_violation(
    names: Sequence[str], failure: Failure, card: Card, number: int, trump: Suit | None
) -> Violation:
    """The message for a failure to follow proven by ``card``, played in trick ``number`` (see
    :func:`~companion.rules.tricks.follow_step`, which works with the effective suit).

    The left bower gets a word when it proves the revoke (then trump was led) or when it was the
    card played instead (then trump was not led): never both at once."""
    left = left_bower(trump) if trump is not None else None
    values = {
        "player": names[failure.seat],
        "suit": suit_one(failure.suit),
        "trick": failure.trick,
        "card": card,
        "number": number,
    }
    if trump is not None and card == left:
        message = tr(
            "Revoke by {player}: no {suit} in trick {trick} although {card} (the left bower, "
            "a {trump} this hand) was still in hand (played in trick {number}).",
            trump=suit_one(trump),
            **values,
        )
    elif failure.card == left:
        message = tr(
            "Revoke by {player}: no {suit} in trick {trick} although {card} was still in hand "
            "(played in trick {number}); {played}, played there, is the left bower, a trump.",
            played=failure.card,
            **values,
        )
    else:
        message = tr(
            "Revoke by {player}: no {suit} in trick {trick} although {card} was still in hand "
            "(played in trick {number}).",
            **values,
        )
    return Violation("revoke", message, Severity.IRREGULARITY, "follow-suit")


def call_word(call: str) -> Text:
    """A bid as words: "pass", "order up", "♠ Spades"."""
    if call == "pass":
        return trc("bid", "pass")
    if call == "order-up":
        return trc("bid", "order up")
    return suit_label(SUIT_CODES.get(call.upper()))
