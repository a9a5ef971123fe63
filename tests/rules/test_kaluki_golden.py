"""A golden Kaluki session, played through entry by entry: four players, three hands, every
figure worked out by hand from rulings §9 before the engine was run.

Hand 1 (Dan deals; Cat, at his right, cuts a joker). Ann opens with 10♠ J♠ Q♠ K♠ (40) and
5♥ 5♦ 5♣ (15): 55. Bob takes the discard 6♦; 4♦ 5♦ 6♦ (15) and A♠ A♥ A♣ (33) make only 48, but
with 9♠ laid off on Ann's spades (9) his first meld is worth 57. Cat opens with 8♣ 9♣ 10♣ and
her joker (as J♣: 37) and Q♦ Q♥ Q♣ (30): 67. Dan may not lay 5♠ off before a meld of his own.
Ann goes out with 2♥ 3♥ 4♥, 7♦ 7♠ 7♥ and K♦ K♣ with a joker: not Kaluki (her second turn).
Bob holds a joker and two cards: 3 + 1 = 4; Cat four cards: 4; Dan a joker and four: 5 + 1 = 6.
Ann +14.

Hand 2 (Ann deals). Bob melds all fifteen cards in his first turn: A♥-5♥ (11 + 2 + 3 + 4 + 5 =
25), four kings (40), 7♣ 8♣ 9♣ (24), 10♦ J♦ and a joker (as Q♦: 30). Kaluki: Ann pays
(3 + 2) × 2 = 10 for a 4♠ and two jokers, Cat 1 × 2 = 2, Dan 4 × 2 = 8. Bob +20.

Hand 3 (Bob deals), quick entry: Dan goes out; Ann 1 card: 1; Bob 15 cards, 2 of them jokers:
17; Cat 2 jokers: 2 + 2 = 4. Dan +22.

Balances: after hand 1 Ann 14, Bob -4, Cat -4, Dan -6; after hand 2 4, 16, -6, -14; after hand
3 3, -1, -10, 8.
"""

from __future__ import annotations

from companion.games.kaluki.game import Deal, Hands, Kaluki, LayOff, Melds, Result
from companion.rules import replay
from companion.rules.cards import parse_card, parse_cards
from companion.rules.events import Event, Seat
from companion.rules.money import hand_is_zero_sum

ANN, BOB, CAT, DAN = (Seat(i) for i in range(4))


def melds(text: str) -> tuple[tuple[object, ...], ...]:
    return tuple(parse_cards(group) for group in text.split("/"))


def turn(player: Seat, text: str = "", **kw: object) -> Melds:
    return Melds(player=player, melds=melds(text) if text else (), **kw)  # type: ignore[arg-type]


def test_a_session_of_three_hands() -> None:
    rules = Kaluki(4, None, ("Ann", "Bob", "Cat", "Dan"))
    log: list[Event] = []

    def record(event: Event) -> None:
        state = replay(rules, log).state
        assert rules.violations(state, event) == [], event
        log.append(event)

    def refused(event: Event) -> list[str]:
        state = replay(rules, log).state
        return [str(v.message) for v in rules.violations(state, event)]

    # --- hand 1 ---
    record(Deal(dealer=DAN, cut_joker=True))
    record(turn(ANN, "10S JS QS KS / 5H 5D 5C"))
    bob = turn(BOB, "4D 5D 6D / AS AH AC", took=parse_card("6D"))
    assert refused(bob) == [
        "Bob's first meld is worth 48 (4♦ 5♦ 6♦ 15 + A♠ A♥ A♣ 33): a first meld must be worth "
        "at least 51."
    ]
    nine = (LayOff(meld=1, cards=parse_cards("9S")),)
    record(turn(BOB, "4D 5D 6D / AS AH AC", took=parse_card("6D"), layoffs=nine))
    record(turn(CAT, "8C 9C 10C JK / QD QH QC"))
    assert refused(Melds(player=DAN, layoffs=(LayOff(meld=2, cards=parse_cards("5S")),))) == [
        "Dan has not melded yet: lay-offs count toward a first meld, but it must hold a meld of "
        "Dan's own."
    ]
    record(turn(ANN, "2H 3H 4H / 7D 7S 7H / KD KC JK"))
    end = Hands(
        out=ANN,
        cards=(
            (),
            parse_cards("JK 2C 3S"),
            parse_cards("8H 9D KH 4C"),
            parse_cards("JK 6S 6C 8S 10H"),
        ),
    )
    assert refused(Hands(out=ANN, kaluki=True, cards=end.cards)) == [
        "Ann melded in 2 turns this hand: going Kaluki is melding every card in one turn, with "
        "no meld before."
    ]
    record(end)
    state = replay(rules, log).state
    assert rules.hands(state)[0].points == (14, -4, -4, -6)
    assert str(rules.hands(state)[0].summary) == "Dan dealt, Cat cut a joker; Ann went out"

    # --- hand 2 ---
    record(Deal(dealer=ANN))
    record(turn(BOB, "AH 2H 3H 4H 5H / KS KD KC KH / 7C 8C 9C / 10D JD JK"))
    cards = (parse_cards("JK JK 4S"), (), parse_cards("9H"), parse_cards("QS QS 2D 3D"))
    assert refused(Hands(out=BOB, cards=cards)) == [
        "Bob put down 15 cards in one turn with no meld before: that is Kaluki, and every "
        "payment is doubled. Tick Kaluki."
    ]
    record(Hands(out=BOB, kaluki=True, cards=cards))
    state = replay(rules, log).state
    assert rules.hands(state)[1].points == (-10, 20, -2, -8)
    assert rules.scores(state) == (4, 16, -6, -14)

    # --- hand 3 ---
    record(Deal(dealer=BOB))
    record(Result(out=DAN, cards=(1, 15, 2, 0), jokers=(0, 2, 2, 0)))
    state = replay(rules, log).state
    assert rules.hands(state)[2].points == (-1, -17, -4, 22)
    assert rules.scores(state) == (3, -1, -10, 8)
    postings = rules.postings(state)
    assert hand_is_zero_sum(postings) == {}
    assert sum(p.amount for p in postings if p.seat == 3) == 8
    assert state.next_dealer == 2
