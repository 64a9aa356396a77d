//! Action cards found by what they show, never by number, and stacked on
//! the deck.

use fof::data::DataSet;
use fof::data::action::{ActionCard, Icon, Word};
use fof::engine::Game;
use fof::engine::kernel::deck::Card;

use super::setup::base;

/// The numbers of the action cards of `data` matching `pred`, in deck
/// order.
fn matching<'a>(
    data: &'a DataSet,
    pred: impl Fn(&ActionCard) -> bool + 'a,
) -> impl Iterator<Item = u8> + 'a {
    data.action_cards()
        .into_iter()
        .filter(move |c| pred(c))
        .map(|c| c.number)
}

/// Up to `n` action cards showing what `pred` asks for, in deck order.
pub fn cards(g: &Game, n: usize, pred: impl Fn(&ActionCard) -> bool) -> Vec<Card> {
    matching(g.data(), pred).take(n).map(Card::Action).collect()
}

/// The numbers of `n` different action cards showing what `pred` asks
/// for; the deck must hold that many.
pub fn card_numbers(g: &Game, n: usize, pred: impl Fn(&ActionCard) -> bool) -> Vec<u8> {
    let v: Vec<u8> = matching(g.data(), pred).take(n).collect();
    assert_eq!(v.len(), n, "the deck holds {n} such cards");
    v
}

/// `n` action cards of the shipped deck matching `pred`; the deck must
/// hold that many.
pub fn action_cards_where(pred: impl Fn(&ActionCard) -> bool, n: usize) -> Vec<Card> {
    let v: Vec<Card> = matching(base(), pred).take(n).map(Card::Action).collect();
    assert_eq!(v.len(), n, "not enough action cards of that kind");
    v
}

/// The next action cards drawn will be these, by number, in order.
pub fn top(g: &mut Game, numbers: &[u8]) {
    let c: Vec<Card> = numbers.iter().map(|&n| Card::Action(n)).collect();
    top_cards(g, &c);
}

/// The next cards drawn will be these, in order.
pub fn top_cards(g: &mut Game, cards: &[Card]) {
    g.state_mut().deck.put_on_top(cards);
}

pub fn rally(c: &ActionCard) -> bool {
    c.word == Some(Word::Rally)
}

pub fn no_rally(c: &ActionCard) -> bool {
    c.word != Some(Word::Rally)
}

/// The crosshairs icon with no mark: a hit for a spotting attempt.
pub fn crosshairs(c: &ActionCard) -> bool {
    c.icon == Icon::Crosshairs && c.mark.is_none()
}

pub fn no_crosshairs(c: &ActionCard) -> bool {
    c.icon != Icon::Crosshairs
}

pub fn grenade(c: &ActionCard) -> bool {
    c.icon == Icon::Grenade
}

/// No grenade icon and no Jam mark: a plain miss for any attempt.
pub fn no_grenade(c: &ActionCard) -> bool {
    c.icon != Icon::Grenade && c.mark.is_none()
}

/// Stacks the deck for a Higher HQ check (3.1, 3.4.1): a card with the
/// Higher HQ icon on top, then a card reading `r` under 10.
pub fn higher_hq_cards(g: &mut Game, r: u8) {
    let icon = cards(g, 1, |c| c.higher_hq);
    let roll = cards(g, 1, |c| {
        c.random_number(10) == Some(r) && !icon.contains(&Card::Action(c.number))
    });
    let mut deck = icon;
    deck.extend(roll);
    g.state_mut().deck.put_on_top(&deck);
}
