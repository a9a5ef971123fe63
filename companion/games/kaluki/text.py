"""Kaluki's words for the table screen: the prompt, the info rows, the reminders and the hand
summaries."""

from __future__ import annotations

from companion.games import rummy
from companion.games.kaluki.events import Hand, KalukiState, Table
from companion.games.kaluki.play import DEALT
from companion.rules.core import Reminder, who_deals
from companion.rules.text import Text, dot_list, shown, tr, trc


def cutter(rules: Table, dealer: int) -> int:
    """The player at the dealer's right cuts (the deal and play pass to the left)."""
    return (dealer - 1) % rules.n_seats


def signed(amount: int) -> Text:
    return tr("+{amount}", amount=amount) if amount > 0 else shown(amount)


def table_melds(rules: Table, hand: Hand) -> str:
    """``1: 7♠ 7♥ 7♦ (Ann) · 2: 5♥ 6♥ 7♥ (Bob)``: the melds as lay-offs name them."""
    return dot_list(
        [
            tr("{number}: {meld} ({player})", number=i, meld=m.cards, player=rules.names[m.owner])
            for i, m in enumerate(hand.melds, 1)
        ]
    )


def deals(player: str, number: int) -> Text:
    """Who deals hand ``number``, once known (:func:`companion.rules.core.who_deals`)."""
    return tr(
        "{player} deals hand {number}: fifteen cards each.",
        player=player,
        number=number,
    )


def prompt(rules: Table, state: KalukiState) -> Text:
    if (end := rules.outcome(state)) is not None:
        return tr("Session over: {result}", result=rules.winners_text(end))
    hand, names = state.hand, rules.names
    if hand is None:
        return who_deals(names, state, deals)
    return tr(
        "Hand {number}: record each turn's melds as they are laid, if you like. When someone "
        "goes out, record who, and the cards each other player still holds.",
        number=hand.number,
    )


def info(rules: Table, state: KalukiState) -> list[tuple[str, str]]:
    names = rules.names
    standing = rummy.standing(names, [signed(t) for t in rules.scores(state)])
    hand = state.hand
    if hand is None:
        if rules.outcome(state) is not None or state.next_dealer is None:
            return [standing]
        return [(tr("Next dealer"), names[state.next_dealer]), standing]
    rows: list[tuple[str, str]] = [
        (trc("info", "Hand"), shown(hand.number)),
        (trc("info", "Dealer"), names[hand.dealer]),
    ]
    if hand.cut_joker:
        rows.append(
            (
                tr("Cut joker"),
                tr(
                    "{player} kept the joker and was dealt 14",
                    player=names[cutter(rules, hand.dealer)],
                ),
            )
        )
    opened = [names[s] for s in range(rules.n_seats) if hand.opened(s)]
    rows.append((tr("First meld made"), dot_list(opened) if opened else tr("nobody yet")))
    if hand.melds:
        rows.append((tr("Melds on the table"), table_melds(rules, hand)))
        most = [
            tr("{player} {n}", player=names[s], n=DEALT - hand.put_down[s])
            for s in range(rules.n_seats)
        ]
        rows.append((tr("Cards in hand, at most"), dot_list(most)))
    return [*rows, standing]


def reminders(rules: Table, state: KalukiState) -> list[Reminder]:
    """What makes a meld, the first meld, the upcard, going out, the payments."""
    if rules.outcome(state) is not None:
        return []
    options = rules.options
    low_ace = (
        tr("ace 11 (also when low, A-2-3)")
        if options.low_ace == 11
        else tr("ace 11, but 1 when low in a run (A-2-3)")
    )
    out = [
        Reminder(
            tr("Deal"),
            tr(
                "fifteen cards each from two packs and four jokers; the player at the dealer's "
                "right cuts, and keeps a joker showing at the bottom of the cut (and is dealt "
                "14); the deal passes to the left"
            ),
            "deal",
        ),
        Reminder(
            tr("Sets"),
            tr("three or four of one rank, all of different suits (J♠ J♦ J♦ is no set)"),
            "melds",
        ),
        Reminder(
            tr("Runs"),
            tr("three or more in a row in one suit; ace low (A-2-3) or high (Q-K-A), never K-A-2"),
            "melds",
        ),
        Reminder(
            tr("Jokers"),
            tr("wild: a joker stands for any card and counts as that card"),
            "jokers",
        ),
        Reminder(
            tr("First meld"),
            tr(
                "worth 51 or more in one turn ({low_ace}, J Q K 10, others their number); "
                "lay-offs count, but it needs a meld of the player's own",
                low_ace=low_ace,
            ),
            "first-meld",
        ),
        Reminder(
            tr("The upcard"),
            tr(
                "before play the dealer may swap a card for it; later, a player who draws the "
                "discard must meld it in that turn"
            ),
            "upcard",
        ),
        Reminder(
            tr("Payment"),
            tr(
                "the first player with no card wins; each other pays 1 unit a card still held, "
                "2 for a joker"
            ),
            "payment",
        ),
        Reminder(
            tr("Kaluki"),
            tr("every card melded in one turn, with no meld before: every payment doubled"),
            "kaluki",
        ),
        Reminder(
            tr("Stock runs out"),
            tr("the discards but the top one are turned over as a new stock")
            if options.stock_out == "reshuffle"
            else tr("the hand is void: nobody pays, and the next player deals"),
            "stock",
        ),
    ]
    if options.joker_swap:
        out.append(
            Reminder(
                tr("Joker swapping"),
                tr(
                    "a player who has melded may put the card a joker stands for in its place "
                    "and take the joker"
                ),
                "jokers",
            )
        )
    return out


def hand_summary(rules: Table, hand: Hand, out: int | None, kaluki: bool, full: bool) -> Text:
    names = rules.names
    values = {"dealer": names[hand.dealer]}
    if out is None:
        return tr("{dealer} dealt; the stock ran out: no payment", **values)
    player = names[out]
    if hand.cut_joker:
        cut = names[cutter(rules, hand.dealer)]
        if kaluki:
            return tr(
                "{dealer} dealt, {cutter} cut a joker; {player} went Kaluki",
                cutter=cut,
                player=player,
                **values,
            )
        return tr(
            "{dealer} dealt, {cutter} cut a joker; {player} went out",
            cutter=cut,
            player=player,
            **values,
        )
    if kaluki and full:
        return tr("{dealer} dealt; {player} went Kaluki — cards entered", player=player, **values)
    if kaluki:
        return tr("{dealer} dealt; {player} went Kaluki", player=player, **values)
    if full:
        return tr("{dealer} dealt; {player} went out — cards entered", player=player, **values)
    return tr("{dealer} dealt; {player} went out", player=player, **values)
