"""Recruit's words for the table screen: the prompt, the info rows, the reminders, hand
summaries and the labels of the score lines."""

from __future__ import annotations

from companion.games.recruit import play
from companion.games.recruit.events import Hand, RecruitState, Table
from companion.games.recruit.play import (
    DREAM_TEAM,
    FACE_PENALTY,
    HANDS,
    LOW_PENALTY,
    MATCH_VALUE,
    TRICKS,
    VARIANTS,
)
from companion.rules.cards import JACK, QUEEN
from companion.rules.core import Reminder
from companion.rules.text import Text, or_trick_by_trick, tr, tr_n, trc
from companion.rules.tricks import comma_list, leads_trick, rank_word, suit_title


def hand_label(number: int) -> Text:
    if number <= HANDS:
        return tr("hand {number} of {hands}", number=number, hands=HANDS)
    return tr("play-off hand {number}", number=number)


def prompt(rules: Table, state: RecruitState) -> str:
    if (end := rules.outcome(state)) is not None:
        return tr("Game over: {result}", result=rules.winners_text(end))
    hand, names = state.hand, rules.names
    if hand is None:
        label = hand_label(len(state.done) + 1)
        if state.next_dealer is None:
            return tr("Who deals {hand}? Record the deal.", hand=label)
        return tr("{dealer} deals {hand}.", dealer=names[state.next_dealer], hand=label)
    lead = names[rules.leader(hand)]
    if hand.tricks:
        return leads_trick(lead, len(hand.tricks) + 1, TRICKS)
    kind = play.exchange_kind(hand, rules.n_seats)
    if kind == "swap":
        step = tr("Players may swap up to 4 cards each. Then {player} leads trick 1.", player=lead)
    elif kind == "partner":
        step = tr(
            "Each player passes 4 cards to their partner. Then {player} leads trick 1.",
            player=lead,
        )
    elif kind == "left":
        step = tr(
            "Passer: each player passes 4 cards to the left. Then {player} leads trick 1.",
            player=lead,
        )
    else:
        step = tr("Keeper: no swapping. {player} leads trick 1.", player=lead)
    return or_trick_by_trick(step)


def info(rules: Table, state: RecruitState) -> list[tuple[str, str]]:
    hand = state.hand
    if hand is None:
        return []
    shown = hand.shown
    if shown.suit is None:
        trump = tr("none (joker shown) — {card} turned up", card=shown)
    else:
        trump = tr(
            "{suit} {name} — {card} turned up",
            suit=shown.suit,
            name=suit_title(shown.suit),
            card=shown,
        )
    if hand.number <= HANDS:
        number = tr("{number} of {total}", number=hand.number, total=HANDS)
    else:
        number = trc("Recruit hand", "play-off")
    rows: list[tuple[str, str]] = [
        (tr("Hand"), number),
        (tr("Dealer"), rules.names[hand.dealer]),
        (tr("Trump"), trump),
    ]
    if hand.variants:
        rows.append((tr("Variants"), variant_text(hand.variants)))
    if hand.tricks:
        played = tr("{number} of {total}", number=len(hand.tricks), total=TRICKS)
        rows.append((tr("Tricks played"), played))
    return rows


def reminders(rules: Table, state: RecruitState) -> list[Reminder]:
    """Who takes a trick this hand, the joker's rules, and what a pile scores with this
    hand's variants."""
    hand = state.hand
    if hand is None or rules.outcome(state) is not None:
        return []
    trump = hand.shown.suit
    if trump is None:
        trick = tr("the joker, else the highest card of the suit led")
    else:
        trick = tr(
            "the joker, else the highest trump {suit}, else the highest card of the suit led",
            suit=trump,
        )
    if rules.options.joker_play == "void-only":
        joker_play = tr("only when you cannot follow suit")
    else:
        joker_play = tr("at any time")
    if rules.options.joker_lead == "no-suit":
        joker_lead = tr("the others may play anything")
    else:
        joker_lead = tr("the next card played sets the suit")
    joker = tr("may be played {when}; when it leads, {then}", when=joker_play, then=joker_lead)
    v = hand.variants
    if "low_penalty" in v:
        pile = tr(
            "1 a card; −{penalty} for each face rank (J, Q, K) held twice or more (Low Penalty)",
            penalty=LOW_PENALTY,
        )
    else:
        pile = tr(
            "1 a card; −{penalty} for each face rank (J, Q, K) held twice or more",
            penalty=FACE_PENALTY,
        )
    more = False
    if "match" in v and not hand.shown.is_joker:
        rank = rank_word(hand.shown.rank)
        if rules.options.match_scoring == "instead":
            match = tr(
                "each {rank}, the rank turned up, is worth {value} instead of 1 (Match)",
                rank=rank,
                value=MATCH_VALUE,
            )
        else:
            match = tr(
                "each {rank}, the rank turned up, is worth 1 + {value} (Match)",
                rank=rank,
                value=MATCH_VALUE,
            )
        pile, more = tr("{rules}; {rule}", rules=pile, rule=match), True
    if "dream_team" in v:
        dream = tr("+{bonus} for exactly one J, one Q and one K (Dream Team)", bonus=DREAM_TEAM)
        pile, more = tr("{rules}; {rule}", rules=pile, rule=dream), True
    return [
        Reminder(tr("A trick goes to"), trick, "play"),
        Reminder(tr("The joker"), joker, "options"),
        Reminder(tr("A pile scores"), pile, "variants" if more else "scoring"),
    ]


def summary(rules: Table, hand: Hand) -> Text:
    shown = hand.shown
    if shown.suit is None:
        trump = tr("no trump")
    else:
        trump = tr("trump {suit} {name}", suit=shown.suit, name=suit_title(shown.suit))
    dealer = rules.names[hand.dealer]
    if hand.variants:
        text = tr(
            "{dealer} dealt, {card} turned up ({trump}); {variants}",
            dealer=dealer,
            card=shown,
            trump=trump,
            variants=variant_text(hand.variants),
        )
    else:
        text = tr(
            "{dealer} dealt, {card} turned up ({trump})", dealer=dealer, card=shown, trump=trump
        )
    return tr("{hand} — card by card", hand=text) if hand.tricks else text


def penalty_label(rank: int, count: int) -> Text:
    """``2 Kings: penalty`` (a face rank collected twice or more)."""
    if rank == JACK:
        return tr_n("{n} Jack: penalty", "{n} Jacks: penalty", count)
    if rank == QUEEN:
        return tr_n("{n} Queen: penalty", "{n} Queens: penalty", count)
    return tr_n("{n} King: penalty", "{n} Kings: penalty", count)


def variant_text(variants: frozenset[str]) -> str:
    """The variants declared, in their usual order: ``Low Penalty, Match``."""
    return comma_list([label for key, label in VARIANTS.items() if key in variants])
