"""Malilla's words for the table screen: the prompt, the info rows, the reminders and the
flagged plays."""

from __future__ import annotations

from companion.games.malilla.events import Hand, MalillaState, Table
from companion.games.malilla.play import CARD_POINTS, ORDER, POINTS, TRICKS
from companion.games.malilla.score import TARGET, bonus_of, side_totals, trump_text
from companion.rules.cards import Card, Suit
from companion.rules.core import Reminder
from companion.rules.text import Text, or_trick_by_trick, shown, tr, tr_n, trc
from companion.rules.tricks import comma_list, leads_trick, order_text


def prompt(rules: Table, state: MalillaState) -> Text:
    if (end := rules.outcome(state)) is not None:
        return tr("Game over: {winners}", winners=rules.winners_text(end))
    hand, names = state.hand, rules.names
    if hand is None:
        number = len(state.done) + 1
        text = (
            tr(
                "Who deals hand {number}? Record the deal and the card turned up.",
                number=number,
            )
            if state.next_dealer is None
            else tr("{player} deals hand {number}.", player=names[state.next_dealer], number=number)
        )
        if state.last is not None and state.last.forfeit is None and state.last.hand.flags:
            return tr(
                "{prompt} An irregularity was flagged: record a forfeit if the table confirms it.",
                prompt=text,
            )
        return text
    lead = names[rules.leader(hand)]
    if hand.tricks:
        return leads_trick(lead, len(hand.tricks) + 1, TRICKS)
    return or_trick_by_trick(leads_trick(lead, 1, TRICKS), at_the_end="points")


def reminders(rules: Table, state: MalillaState) -> list[Reminder]:
    """The card order and values, the hand's points, the duty to beat, and which sevens
    are still held back in this hand (their suit not led yet)."""
    hand = state.hand
    if hand is None or state.winner is not None:
        return []
    trump = hand.upcard.suit
    assert trump is not None
    if rules.options.trick_point:
        holds = tr(
            "{cards} in the cards + 1 for each of the {tricks} tricks = {total}; "
            "the side with more scores its points minus {target}",
            cards=CARD_POINTS,
            tricks=TRICKS,
            total=CARD_POINTS + TRICKS,
            target=TARGET,
        )
    else:
        holds = tr(
            "{cards} in the cards = {total}; the side with more scores its points minus {target}",
            cards=CARD_POINTS,
            total=CARD_POINTS,
            target=TARGET,
        )
    out = [
        Reminder(tr("Every suit, high to low (card points)"), order_text(ORDER, POINTS), "cards"),
        Reminder(tr("A hand holds"), holds, "scoring"),
        Reminder(
            tr("Out of the suit led"),
            tr(
                "an opponent winning with a plain card: play a {suit} trump; winning "
                "with a trump: a higher trump if you have one",
                suit=trump,
            ),
            "must-beat",
        ),
    ]
    led = {t.lead for t in hand.tricks}
    held = [s for s in Suit if s != trump and s not in led]
    if held:
        out.append(
            Reminder(
                tr("Sevens held back"),
                tr(
                    "{cards}: no discarding the 7 of a suit not led yet this hand (leading "
                    "it is fine)",
                    cards=tuple(Card(7, s) for s in held),
                ),
                "unled-seven",
            )
        )
    return out


def info(rules: Table, state: MalillaState) -> list[tuple[str, str]]:
    """Trump and upcard, dealer, bonus, leader, then per side: this hand and what it needs."""
    if state.winner is not None:
        return []
    totals, hand = rules.scores(state), state.hand
    needs = [TARGET - totals[i] for i in (0, 1)]
    rows: list[tuple[str, str]]
    if hand is None:
        rows = [(side_row(rules, i), to_win(needs[i])) for i in (0, 1)]
        if state.next_dealer is not None:
            rows.insert(0, (tr("Next dealer"), rules.names[state.next_dealer]))
        if state.last is not None and state.last.forfeit is None and state.last.hand.flags:
            rows.append((trc("info", "Flagged"), flagged_text(rules, state.last.hand)))
        return rows
    rows = [
        # Translators: the number of the hand being played ("3").
        (trc("info", "Hand"), shown(hand.number)),
        (trc("info", "Dealer"), rules.names[hand.dealer]),
        (trc("info", "Trump"), trump_text(hand.upcard)),
    ]
    if bonus := bonus_of(hand.upcard):
        side = rules.side_name(hand.dealer % 2)
        if hand.held:
            when = tr("+{points} to {side}, held until the hand is scored", points=bonus, side=side)
        else:
            when = tr("+{points} to {side}, scored", points=bonus, side=side)
        rows.append((tr("Dealer's bonus"), when))
    rows.append((trc("info", "Leads"), rules.names[rules.leader(hand)]))
    need: list[Text] = [to_win(needs[i]) for i in (0, 1)]
    if hand.tricks:
        cards, won = side_totals(hand.tricks)
        pts = rules.side_points(cards, won)
        for i in (0, 1):
            # Translators: a side's info row, its name ("Ann & Cat") being the label: no
            # verb agrees with it. {needs}: the points it still lacks to win the game.
            need[i] = tr_n(
                "{points} this hand ({n} trick) · {needs} to win",
                "{points} this hand ({n} tricks) · {needs} to win",
                won[i],
                points=pts[i],
                needs=needs[i],
            )
    rows += [(side_row(rules, i), need[i]) for i in (0, 1)]
    if hand.flags:
        rows.append((trc("info", "Flagged"), flagged_text(rules, hand)))
    return rows


def to_win(points: int) -> Text:
    # Translators: the value of a side's info row, whose label is the side's name ("Ann &
    # Cat"): the points it still lacks to win the game, worded so that no verb agrees
    # with the name ("35 to win", not "needs 35").
    return tr("{points} to win", points=points)


def side_row(rules: Table, side: int) -> Text:
    # Translators: the label of a side's info row, its name ("Ann & Cat"), as it is.
    return shown(rules.side_name(side))


def flagged_text(rules: Table, hand: Hand) -> Text:
    plays = comma_list(
        [
            tr("{player} (trick {number})", player=rules.names[f.seat], number=f.trick)
            for f in hand.flags
        ]
    )
    if rules.options.forfeit == "auto":
        return tr("{plays}: the hand is forfeited when it ends", plays=plays)
    return tr("{plays}: the table may confirm a forfeit", plays=plays)
