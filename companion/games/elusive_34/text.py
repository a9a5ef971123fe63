"""The Elusive 34's words for the table screen: the prompt, the info rows, the reminders and
the hand summaries."""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.elusive_34 import play
from companion.games.elusive_34.events import Elusive34State, Hand, Table
from companion.rules.cards import ACE, Card, Suit
from companion.rules.core import Reminder
from companion.rules.text import Text, dot_list, or_quick_entry, shown, tr, trc
from companion.rules.tricks import comma_list, rank_word, suit_title


def goal_text(state: Elusive34State) -> Text:
    """ "54 (27 × 2)", or "50" when the goal is not a multiple of a known base."""
    assert state.goal is not None
    if state.base and state.goal % state.base == 0 and state.goal > state.base:
        return tr(
            "{goal} ({base} × {k})", goal=state.goal, base=state.base, k=state.goal // state.base
        )
    return shown(state.goal)


def suit_label(suit: Suit) -> Text:
    # Translators: a suit's symbol and its name, "♠ Spades".
    return tr("{suit} {name}", suit=suit, name=suit_title(suit))


def prompt(rules: Table, state: Elusive34State) -> Text:
    names = rules.names
    if (end := rules.outcome(state)) is not None:
        return tr("Game over: {result}", result=rules.winners_text(end))
    if state.first_dealer is None:
        return tr(
            "Who deals first? Deal cards face up round the table, one each, until a Middle card "
            "(6 to 10) shows: whoever gets it deals first."
        )
    if state.goal is None:
        return tr(
            "{player} turns cards face up onto a Low (2-5), a Middle (6-10) and a High pile "
            "until a Low and a Middle show; record their ranks and choose the goal.",
            player=names[state.first_dealer],
        )
    hand = state.hand
    if hand is None:
        dealer = rules.dealer(state)
        assert dealer is not None
        return tr(
            "{player} deals hand {number}: {size} cards each, then turns the next card face up.",
            player=names[dealer],
            number=len(state.done) + 1,
            size=rules.deal_size,
        )
    if hand.trade_due:
        p = hand.plays[-1]
        return tr(
            "{loser} lost trick {number}: trade a card with {winner}, or No trade.",
            loser=names[p.loser],
            number=p.record.number,
            winner=names[p.record.winner],
        )
    if hand.ended:
        return tr("Play is over: record the High, Middle and Low cards left in each hand.")
    if rules.needs_trump(hand):
        return or_quick_entry(
            tr(
                "The Joker was turned up: {player} (lowest score) names trump.",
                player=names[rules.choosers(state, hand)[0]],
            )
        )
    number = len(hand.plays) + 1
    if hand.faceup is None:
        return tr("Record the whole hand at once (quick entry): the face-up card was not noted.")
    if not hand.plays:
        return or_quick_entry(
            tr("{player} leads trick {number}.", player=names[hand.leader], number=number)
        )
    return tr("{player} leads trick {number}.", player=names[hand.leader], number=number)


def promoted_text(hand: Hand) -> Text:
    """ "4♠ — the 5s rank above their suit's ace", or "Joker — ♥ Hearts are trump"."""
    up = hand.faceup
    assert up is not None
    if up.is_joker:
        if hand.trump is None:
            return tr("{card} — trump to be named", card=up)
        return tr("{card} — {suit} trump", card=up, suit=suit_label(hand.trump))
    rank = play.promoted(up)
    assert rank is not None
    if rank == ACE:
        return tr("{card} — the aces stay on top (no change)", card=up)
    return tr("{card} — every {rank} ranks above its suit's ace", card=up, rank=rank_word(rank))


def allowance_text(rules: Table, hand: Hand) -> str:
    parts: list[str] = []
    for seat, name in enumerate(rules.names):
        a = hand.allowance[seat]
        if a <= 0:
            parts.append(tr("{player} out", player=name))
        else:
            parts.append(tr("{player} {n} ({held})", player=name, n=a, held=hand.held[seat]))
    return dot_list(parts)


def info(rules: Table, state: Elusive34State) -> list[tuple[str, str]]:
    names, hand = rules.names, state.hand
    rows: list[tuple[str, str]] = []
    if state.goal is None:
        if state.first_dealer is not None:
            rows.append((tr("First dealer"), names[state.first_dealer]))
        return rows
    totals = rules.scores(state)
    distance = (
        tr("To the goal {goal}", goal=goal_text(state)),
        dot_list(
            [
                tr("{player} {n}", player=name, n=max(0, state.goal - t))
                for name, t in zip(names, totals, strict=True)
            ]
        ),
    )
    if hand is None:
        dealer = rules.dealer(state)
        if dealer is not None and rules.outcome(state) is None:
            rows.append((tr("Next dealer"), names[dealer]))
        return [*rows, distance]
    rows += [
        (trc("info", "Hand"), shown(hand.number)),
        (trc("info", "Dealer"), names[hand.dealer]),
    ]
    if hand.faceup is not None:
        rows.append((trc("info", "Face up"), promoted_text(hand)))
    if hand.chooser is not None:
        rows.append((tr("Trump named by"), names[hand.chooser]))
    if not hand.ended and not rules.needs_trump(hand) and hand.faceup is not None:
        rows.append((trc("info", "Leads"), names[hand.leader]))
    rows.append((tr("Cards a trick (in hand)"), allowance_text(rules, hand)))
    if hand.plays:
        rows.append(
            (
                tr("Collected"),
                dot_list(
                    [
                        tr("{player} {n}", player=name, n=hand.collected[s])
                        for s, name in enumerate(names)
                    ]
                ),
            )
        )
    if hand.revokes and rules.options.revoke_penalty:
        rows.append(
            (
                tr("Revokes (house penalty {points} each)", points=rules.options.revoke_penalty),
                dot_list(
                    [
                        tr("{player} trick {trick}", player=names[f.seat], trick=f.trick)
                        for f in (p.claim for p in hand.revokes)
                    ]
                ),
            )
        )
    return [*rows, distance]


def hand_summary(rules: Table, hand: Hand, collected: Sequence[int]) -> Text:
    names = rules.names
    counts = comma_list([tr("{player} {n}", player=names[s], n=k) for s, k in enumerate(collected)])
    if hand.faceup is None:
        return tr(
            "{player} dealt; cards collected: {counts}", player=names[hand.dealer], counts=counts
        )
    if hand.plays:
        return tr(
            "{player} dealt, {card} face up; cards collected: {counts} — card by card",
            player=names[hand.dealer],
            card=hand.faceup,
            counts=counts,
        )
    return tr(
        "{player} dealt, {card} face up; cards collected: {counts}",
        player=names[hand.dealer],
        card=hand.faceup,
        counts=counts,
    )


def order_text(hand: Hand) -> Text:
    """The order across suits, low to high, with this hand's promoted rank."""
    rank = play.promoted(hand.faceup)
    parts: list[Text] = []
    for suit in play.SUIT_ORDER:
        if rank is None or rank == ACE:
            parts.append(tr("{low}…{high}", low=Card(2, suit), high=Card(ACE, suit)))
        else:
            parts.append(
                tr(
                    "{low}…{high} {top}",
                    low=Card(2 if rank != 2 else 3, suit),
                    high=Card(ACE, suit),
                    top=Card(rank, suit),
                )
            )
    out = parts[0]
    for part in parts[1:]:
        out = tr("{items} · {item}", items=out, item=part)
    return out


def reminders(rules: Table, state: Elusive34State) -> list[Reminder]:
    hand = state.hand
    if hand is None or rules.outcome(state) is not None:
        return []
    v = rules.values()
    out = []
    if hand.faceup is not None and hand.faceup.is_joker:
        trump = (
            tr("Trump {suit}", suit=suit_label(hand.trump))
            if hand.trump is not None
            else tr("Trump to be named")
        )
        out.append(
            Reminder(
                trump,
                tr(
                    "no promoted rank; the best trump wins, else the best card of the suit led "
                    "(2 low, ace high); the lowest card of the suit led loses"
                ),
                "joker-up",
            )
        )
    elif hand.faceup is not None:
        out.append(
            Reminder(
                tr("Order, low to high"),
                tr(
                    "{order}: the highest card wins the trick, the lowest loses, whatever suit "
                    "was led",
                    order=order_text(hand),
                ),
                "ranks",
            )
        )
    out += [
        Reminder(
            tr("Follow suit"),
            tr(
                "every card, the leader's second card too, follows the suit led if you can; "
                "the Joker only when you cannot, saying win or lose"
            ),
            "follow-suit",
        ),
        Reminder(
            tr("The loser"),
            tr(
                "plays one card fewer from then on (out at 0) and may trade: declare the "
                "category; the winner returns a card worth more if able"
            ),
            "losing",
        ),
        Reminder(
            tr("Scoring"),
            tr(
                "1 point a collected card; cards left in hand: {worth}",
                worth=play.worth_text(v),
            ),
            "scoring",
        ),
    ]
    return out
