"""Three Thirteen's words for the table screen: the prompt, the info rows, the reminders, the
hand summaries and the arrangements shown in the score lines."""

from __future__ import annotations

from companion.games import rummy
from companion.games.three_thirteen import play
from companion.games.three_thirteen.events import Table, ThreeThirteenState
from companion.rules.core import Reminder, who_deals
from companion.rules.melds import Arrangement
from companion.rules.text import Text, shown, tr, trc
from companion.rules.tricks import rank_word


def wild_text(number: int) -> Text:
    """ "5s" / "Js": the hand's wild rank, as a plural of the rank written on the card."""
    return tr("{rank}s", rank=rank_word(play.wild_rank(number)))


def melds_text(best: Arrangement) -> str:
    """The melds of an arrangement, ``7♠ 7♥ 7♦ · 5♥ 6♥ 7♥``, or "no meld"."""
    return rummy.melds_text([meld.cards for meld in best.melds])


def deals(player: str, number: int) -> Text:
    """Who deals hand ``number``, once known (:func:`companion.rules.core.who_deals`)."""
    return tr(
        "{player} deals hand {number}: {cards} cards each, {wild} wild.",
        player=player,
        number=number,
        cards=play.cards_dealt(number),
        wild=wild_text(number),
    )


def prompt(rules: Table, state: ThreeThirteenState) -> Text:
    if (end := rules.outcome(state)) is not None:
        return tr("Game over: {result}", result=rules.winners_text(end))
    hand, names = state.hand, rules.names
    if hand is None:
        return who_deals(names, state, deals)
    return tr(
        "Hand {number}: {cards} cards each, {wild} wild. When someone has gone out and the "
        "others have had their last turn, record who went out and everyone's deadwood (or their "
        "cards).",
        number=hand.number,
        cards=play.cards_dealt(hand.number),
        wild=wild_text(hand.number),
    )


def info(rules: Table, state: ThreeThirteenState) -> list[tuple[str, str]]:
    names = rules.names
    standing = rummy.standing(names, rules.scores(state))
    hand = state.hand
    if hand is None:
        if rules.outcome(state) is not None:
            return [standing]
        number = len(state.done) + 1
        rows: list[tuple[str, str]] = [
            (trc("info", "Next hand"), tr("{number} of {hands}", number=number, hands=play.HANDS)),
            (trc("info", "Wild"), wild_text(number)),
            (trc("info", "Cards dealt"), shown(play.cards_dealt(number))),
        ]
        if state.next_dealer is not None:
            rows.append((tr("Next dealer"), names[state.next_dealer]))
        return [*rows, standing]
    return [
        (trc("info", "Hand"), tr("{number} of {hands}", number=hand.number, hands=play.HANDS)),
        (trc("info", "Wild"), wild_text(hand.number)),
        (trc("info", "Cards dealt"), shown(play.cards_dealt(hand.number))),
        (trc("info", "Dealer"), names[hand.dealer]),
        (trc("info", "Packs"), shown(rules.decks())),
        standing,
    ]


def reminders(rules: Table, state: ThreeThirteenState) -> list[Reminder]:
    """This hand's wild cards, what makes a meld, going out, and what cards left over cost."""
    if rules.outcome(state) is not None:
        return []
    number = state.hand.number if state.hand is not None else len(state.done) + 1
    options = rules.options
    wild = wild_text(number)
    sets = (
        tr("three or more of one rank (two identical cards from different packs are fine)")
        if options.identical_in_set
        else tr("three or more of one rank, each natural card of a different suit")
    )
    ace = shown(options.ace_value)
    if options.wild_penalty:
        cost = tr(
            "ace {ace}, 2 to 10 their number, J Q K 10, a wild card left over {wild_cost}",
            ace=ace,
            wild_cost=options.wild_penalty,
        )
    else:
        cost = tr(
            "ace {ace}, 2 to 10 their number, J Q K 10, a wild card its own value",
            ace=ace,
        )
    out = [
        Reminder(
            tr("Wild: {wild}", wild=wild),
            tr(
                "every {wild} of any suit stands for any card; any number in a meld; a meld of "
                "wild cards only counts",
                wild=wild,
            ),
            "wild",
        ),
        Reminder(tr("Sets"), sets, "melds"),
        Reminder(
            tr("Runs"),
            tr(
                "three or more in a row in one suit; the ace is low only: Q-K-A and K-A-2 are "
                "not runs"
            ),
            "melds",
        ),
        Reminder(
            tr("Going out"),
            tr(
                "all cards melded but the one discarded; each other player then has one last "
                "turn; no laying off on others' melds"
            ),
            "going-out",
        ),
        Reminder(tr("Cards left over"), cost, "scoring"),
    ]
    if options.going_out_bonus:
        out.append(
            Reminder(
                tr("Going out bonus"),
                tr("{points} for the player who goes out", points=options.going_out_bonus),
                "scoring",
            )
        )
    return out


def hand_summary(rules: Table, number: int, dealer: int, out: int, full: bool) -> Text:
    values = {
        "number": number,
        "cards": play.cards_dealt(number),
        "wild": wild_text(number),
        "dealer": rules.names[dealer],
        "player": rules.names[out],
    }
    if full:
        return tr(
            "{cards} cards, {wild} wild; {dealer} dealt; {player} went out — cards entered",
            **values,
        )
    return tr("{cards} cards, {wild} wild; {dealer} dealt; {player} went out", **values)
