//! Enemy Activity Checks (9.4) on the hierarchy tables, and the actions
//! they give.
//!
//! Each Enemy Activity Check segment the enemy-occupied cards are put in a
//! random order (R# from the Action deck, one pick at a time); on each card
//! the Pinned and limited action teams are checked first, then the Good
//! Order units, then the leaders, each unit once a turn even if it moves
//! onto a card checked later. A unit reads the first row of its table
//! (`assets/charts.ron`: Pinned/LAT, Offensive or Defensive) whose
//! conditions all hold, in the column of the enemy's tactics, and carries
//! out the action at once.
//!
//! Decisions where the rulebook is silent (9.4, 9.7, 9.8):
//! - A leader helps the units on its own card only: that is the enemy's
//!   visual-verbal contact (9.7). It gives the Pinned/LAT table's "leader"
//!   column and one more card for every attempt (grenade, concentrated fire,
//!   seek cover, infiltrate, rally, reconstitute, call for fire).
//! - Attempts draw as the company's do (4.2): two cards, +1 Veteran, -1
//!   Green; seeking cover draws the terrain card's count; rallying and
//!   reconstituting need a draw only on a card under a VOF (4.2.3).
//! - "Advance" is one card straight toward the company's entry edge (one
//!   row down); "infiltrate" one card nearer the closest US unit,
//!   unexposed on a success and not at all on a failure (5.1.1).
//! - "Better or worse position" compares terrain plus cover marker values
//!   of the unit and of the best-placed US unit on the card it fires at.
//! - Replaced by a PC marker: the letter of the unit's row in the mission's
//!   PC rows (one drawn at random from a mixed row; the nearest listed row
//!   when its own has none); with no PC rows in the mission the unit just
//!   withdraws.

use crate::data::action::{Icon, Word};
use crate::data::activity::{Act, Cell, Cond, Tactic};
use crate::data::units::{Side, UnitKind, Vof};
use crate::engine::enemy::moves::bonus;
use crate::engine::enemy::moves::leader_with;
use crate::engine::enemy::moves::{fall_back, move_exposed, us_sees};
use crate::engine::enemy::spotters::spotters;
use crate::engine::kernel::events::EnemyMove;
use crate::engine::kernel::events::{EventKind, Needed};
use crate::engine::kernel::events::{Quiet, StatusChange};
use crate::engine::kernel::game::{Game, pick_card};
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::purpose::Purpose;
use crate::engine::kernel::state::{FireLink, PcMarker, Unit};
use crate::engine::map::ground::terrain_cover;
use crate::engine::orders::attempts::attempt;

/// The table a unit was checked on.
pub use crate::engine::kernel::events::ActivityTable as Table;
use crate::engine::kernel::events::{ActivityColumn, ActivityRead, CellRead, Idle};

/// The enemy's tactics this turn: Assault for three turns from a
/// counterattack (9.1.4), otherwise the mission's.
pub fn tactic(game: &Game) -> Tactic {
    if game.state.assault_until >= game.state.turn && game.state.assault_until > 0 {
        Tactic::Assault
    } else {
        game.mission.enemy_tactics()
    }
}

/// 9.4: every enemy unit's activity check, card by card in random order.
pub fn run(game: &mut Game) {
    run_skipping(game, &[]);
}

/// The activity checks, leaving out units whose action another rule
/// already decided this segment (CS gas, 4.3.6 D).
pub fn run_skipping(game: &mut Game, skip: &[UnitId]) {
    spotters(game);
    let tactic = tactic(game);
    let mut cards: Vec<CardPos> = game
        .state
        .in_play()
        .filter(|u| u.side != Side::Us && !u.pos.is_staging() && checkable(game, u))
        .map(|u| u.pos)
        .collect();
    cards.sort();
    cards.dedup();
    let mut order = Vec::new();
    let mut reads = Vec::new();
    while !cards.is_empty() {
        let i = if cards.len() == 1 {
            0
        } else {
            let (r, rr) = game.random(cards.len() as u32, Purpose::EnemyCardOrder);
            reads.extend(rr);
            (r as usize).saturating_sub(1).min(cards.len() - 1)
        };
        order.push(cards.remove(i));
    }
    if order.len() > 1 {
        game.say(
            "9.4",
            EventKind::Nothing {
                why: Quiet::CardOrder(order.clone()),
            },
            reads,
        );
    }
    let mut done: Vec<UnitId> = skip.to_vec();
    for pos in order {
        for group in 0..3 {
            loop {
                let next = game
                    .state
                    .units_at(pos)
                    .filter(|u| u.side != Side::Us && !done.contains(&u.id))
                    .filter(|u| checkable(game, u) && group_of(u) == group)
                    .map(|u| u.id)
                    .next();
                let Some(id) = next else {
                    break;
                };
                done.push(id);
                check(game, id, tactic, &mut done);
            }
        }
    }
    crate::engine::combat::engage::update(game);
    crate::engine::enemy::activity::update(game);
}

/// Whether the unit takes an activity check: not a casualty, and not one
/// whose action another rule decides (9.4): a Good Order sniper or spotter
/// (9.6, 9.8), a Good Order weapons team out of ammunition (9.9).
fn checkable(game: &Game, u: &Unit) -> bool {
    if !u.in_play() || u.kind == UnitKind::Casualty || u.pos.is_staging() {
        return false;
    }
    if u.good_order() && matches!(u.kind, UnitKind::Sniper | UnitKind::Spotter) {
        return false;
    }
    let dry = crate::engine::kernel::units::dry(game, u);
    !(u.unbroken() && u.kind == UnitKind::WeaponsTeam && dry)
}

/// 0: Pinned and LATs, 1: Good Order units, 2: leaders (9.4).
fn group_of(u: &Unit) -> u8 {
    if u.pinned || u.kind.is_lat() || u.flipped {
        0
    } else if u.kind == UnitKind::Leader && !u.flipped {
        2
    } else {
        1
    }
}

/// The cards the unit's card fires at (its PDF targets, or its own card).
fn targets_of(game: &Game, u: &Unit) -> Vec<CardPos> {
    game.state
        .fires
        .iter()
        .chain(game.state.lay_pdfs.iter())
        .filter(|f| f.side == u.side && f.from == u.pos)
        .map(|f| f.target)
        .collect()
}

fn under_us_fire(game: &Game, u: &Unit) -> bool {
    game.state
        .fires
        .iter()
        .any(|f| f.side == Side::Us && f.target == u.pos)
        || !crate::engine::combat::fire::fpl_on(game, u.pos).is_empty()
        || game.state.map.card(u.pos).is_some_and(|c| {
            c.markers.incoming
                || c.markers.indirect_h
                || c.markers.grenade_miss
                || c.markers.demo_miss
        })
        || u.grenaded > 0
        || u.concentrated > 0
}

fn cover_marker_value(
    game: &Game,
    at: CardPos,
    cover: Option<crate::engine::kernel::ids::CoverId>,
) -> i32 {
    cover
        .and_then(|c| game.state.cover_kind(at, c))
        .map_or(0, |k| game.data.charts.cover_value(k))
}

/// Terrain plus cover marker: how well placed a unit is (decision above).
fn position(game: &Game, u: &Unit) -> i32 {
    terrain_cover(game, u.pos) + cover_marker_value(game, u.pos, u.cover)
}

/// The best position among the US units on the cards the unit fires at.
fn target_position(game: &Game, u: &Unit) -> Option<i32> {
    targets_of(game, u)
        .iter()
        .flat_map(|t| game.state.units_at(*t))
        .filter(|x| x.side == Side::Us && x.kind != UnitKind::Casualty)
        .map(|x| position(game, x))
        .max()
}

/// Whether a condition of a table row holds for the unit.
pub fn holds(game: &Game, u: &Unit, c: Cond) -> bool {
    match c {
        Cond::Pinned => u.pinned,
        Cond::Kind(k) => u.kind == k,
        Cond::FireTeamSide => u.flipped,
        Cond::WithUs => game.us_on(u.pos),
        Cond::Apart => !game.us_on(u.pos),
        Cond::InCover => u.cover.is_some(),
        Cond::NoCover => u.cover.is_none(),
        Cond::TeamsToJoin => {
            matches!(u.kind, UnitKind::FireTeam | UnitKind::AssaultTeam)
                && game
                    .state
                    .units_at(u.pos)
                    .filter(|x| {
                        x.side == u.side
                            && matches!(x.kind, UnitKind::FireTeam | UnitKind::AssaultTeam)
                    })
                    .count()
                    >= 2
        }
        Cond::HeavyWeapon => u
            .type_in(&game.data)
            .map(|t| if u.flipped { t.back } else { t.front })
            .is_some_and(|r| {
                r.is_some_and(|r| matches!(r.vof, Vof::A | Vof::AS | Vof::G | Vof::H))
            }),
        Cond::OutOfAmmo => crate::engine::kernel::units::dry(game, u),
        Cond::Firing => !targets_of(game, u).is_empty(),
        Cond::NotFiring => targets_of(game, u).is_empty(),
        Cond::UnderFire => under_us_fire(game, u),
        Cond::NotUnderFire => !under_us_fire(game, u),
        Cond::NoLos => !game
            .friendly()
            .filter(|f| !f.pos.is_staging() && f.kind != UnitKind::Casualty)
            .any(|f| f.pos == u.pos || game.unit_sees(u.id, f.pos)),
        Cond::FireFromElsewhere => {
            let mine = targets_of(game, u);
            game.state.fires.iter().any(|f| {
                f.side == Side::Us
                    && f.target == u.pos
                    && f.from != u.pos
                    && !mine.contains(&f.from)
            })
        }
        Cond::BetterPosition => target_position(game, u).is_some_and(|t| position(game, u) >= t),
        Cond::WorsePosition => target_position(game, u).is_some_and(|t| position(game, u) < t),
    }
}

/// The table, the row (1-based) and the cell a unit reads, if a row
/// applies (9.4).
pub fn lookup(
    game: &Game,
    id: UnitId,
    tactic: Tactic,
) -> (Table, Option<(usize, Cell, ActivityColumn)>) {
    let u = game.state.unit(id);
    let c = &game.data.charts;
    let all = |when: &[Cond]| when.iter().all(|k| holds(game, u, *k));
    // Decision (4.2.3 f): a unit on its fire-team side is a Fire Team LAT.
    if u.pinned || u.kind.is_lat() || u.flipped {
        let leader = leader_with(game, u);
        let row = c
            .activity_pinned
            .iter()
            .enumerate()
            .find(|(_, r)| all(&r.when))
            .map(|(i, r)| {
                let cell = if leader { &r.leader } else { &r.no_leader };
                let col = if leader {
                    ActivityColumn::Leader
                } else {
                    ActivityColumn::NoLeader
                };
                (i + 1, cell.clone(), col)
            });
        (Table::PinnedLat, row)
    } else if tactic.offensive() {
        let row = c
            .activity_offensive
            .iter()
            .enumerate()
            .find(|(_, r)| all(&r.when))
            .map(|(i, r)| {
                (
                    i + 1,
                    r.cell(tactic).clone(),
                    ActivityColumn::Tactic(tactic),
                )
            });
        (Table::Offensive, row)
    } else {
        let row = c
            .activity_defensive
            .iter()
            .enumerate()
            .find(|(_, r)| all(&r.when))
            .map(|(i, r)| {
                (
                    i + 1,
                    r.cell(tactic).clone(),
                    ActivityColumn::Tactic(tactic),
                )
            });
        (Table::Defensive, row)
    }
}

/// One unit's activity check: find the row, read the cell, act.
fn check(game: &mut Game, id: UnitId, tactic: Tactic, done: &mut Vec<UnitId>) {
    game.state.counters.enemy_checks += 1;
    let (table, row) = lookup(game, id, tactic);
    let Some((n, cell, col)) = row else {
        game.say(
            "9.4",
            EventKind::ActivityCheck {
                unit: id,
                act: Act::Nothing,
                read: ActivityRead::NoRow(table),
            },
            Vec::new(),
        );
        return;
    };
    let (act, how, reads) = match &cell {
        Cell::Draw(k, _) => {
            let (r, reads) = game.random(*k as u32, Purpose::ActivityTable);
            (
                cell.lookup(r as u8),
                CellRead::Draw { r: r as u8, k: *k },
                reads,
            )
        }
        Cell::Auto(a) => (*a, CellRead::Auto, Vec::new()),
        Cell::Dash => (Act::Nothing, CellRead::Dash, Vec::new()),
    };
    game.say(
        "9.4",
        EventKind::ActivityCheck {
            unit: id,
            act,
            read: ActivityRead::Row {
                table,
                row: n as u8,
                column: col,
                cell: how,
            },
        },
        reads,
    );
    perform(game, id, act, done);
}

fn say(game: &mut Game, id: UnitId, why: Idle) {
    game.say(
        "9.4",
        EventKind::Nothing {
            why: Quiet::CannotAct { unit: id, why },
        },
        Vec::new(),
    );
}

/// Carries out an action (9.4). An action the unit cannot legally perform
/// comes to nothing.
pub fn perform(game: &mut Game, id: UnitId, act: Act, done: &mut Vec<UnitId>) {
    if !game.state.unit(id).in_play() {
        return;
    }
    match act {
        Act::Nothing => {}
        Act::SeekCover => seek_cover(game, id),
        Act::MoveToCover => move_to_cover(game, id),
        Act::FallBack => {
            fall_back(game, id, "9.4");
        }
        Act::Advance => advance(game, id),
        Act::Attack => attack(game, id),
        Act::Infiltrate => infiltrate(game, id),
        Act::Rally => rally(game, id),
        Act::Reconstitute => reconstitute(game, id, done),
        Act::ShiftFire => shift_fire(game, id),
        Act::ToCasualty => to_casualty(game, id),
        Act::ReplaceByPc => replace_by_pc(game, id),
    }
}

/// Seek cover: a free cover marker on the card, else a search with the
/// terrain card's draws; with nothing left to find, move to cover.
fn seek_cover(game: &mut Game, id: UnitId) {
    let u = game.state.unit(id).clone();
    if u.cover.is_some() {
        say(game, id, Idle::AlreadyUnderCover);
        return;
    }
    let free = game.state.map.card(u.pos).and_then(|c| {
        c.covers
            .iter()
            .find(|m| {
                !game
                    .state
                    .units_at(u.pos)
                    .any(|x| x.side != u.side && x.cover == Some(m.id))
            })
            .map(|m| m.id)
    });
    if let Some(c) = free {
        {
            let m = game.state.unit_mut(id);
            m.cover = Some(c);
            m.exposed = true;
        }
        game.say(
            "5.1.1",
            EventKind::CoverChanged {
                unit: id,
                under: true,
                exposed: true,
                how: crate::engine::kernel::events::CoverMove::Seek,
            },
            Vec::new(),
        );
        return;
    }
    if crate::engine::movement::actions::cover_potential_left(game, u.pos) == 0 {
        move_to_cover(game, id);
        return;
    }
    let seek = game.top_card(u.pos).map(|t| t.seek_draws).unwrap_or(2);
    let n = game.attempt_draws(seek, game.experience(id)) + bonus(game, id);
    let r = attempt(
        game,
        Some(id),
        n,
        Needed::Word(Word::Cover),
        Purpose::SeekingCover,
    );
    if r.success {
        crate::engine::movement::actions::found_cover(game, id);
    }
}

/// Move to the adjacent card with better terrain cover, out of the
/// company's sight first.
fn move_to_cover(game: &mut Game, id: UnitId) {
    let u = game.state.unit(id).clone();
    let here = terrain_cover(game, u.pos);
    let options: Vec<(CardPos, (bool, i32))> =
        crate::engine::movement::actions::neighbours(game, u.pos)
            .filter(|q| !q.is_staging() && !game.us_on(*q))
            .filter(|q| game.has_room(id, *q))
            .filter(|q| terrain_cover(game, *q) > here)
            .map(|q| (q, (!us_sees(game, q), terrain_cover(game, q))))
            .collect();
    let Some((to, reads)) = pick_card(game, &options, Purpose::CoverCard) else {
        say(game, id, Idle::NoBetterCover);
        return;
    };
    step(game, id, to, true, EnemyMove::ToCover, reads);
}

/// Moves a unit one card, marked Exposed or not, and logs it.
fn step(
    game: &mut Game,
    id: UnitId,
    to: CardPos,
    exposed: bool,
    what: EnemyMove,
    reads: Vec<crate::engine::kernel::events::CardRead>,
) {
    let from = game.state.unit(id).pos;
    let was = game.state.unit(id).exposed;
    move_exposed(game, id, to);
    if !exposed {
        game.state.unit_mut(id).exposed = was;
    }
    game.say(
        "9.4",
        EventKind::Moved {
            unit: id,
            from,
            to,
            exposed,
            fell_back: false,
            how: crate::engine::kernel::events::Movement::Enemy(what),
        },
        reads,
    );
    crate::engine::combat::engage::update(game);
    crate::engine::enemy::activity::update(game);
}

/// Advance one card straight toward the company.
fn advance(game: &mut Game, id: UnitId) {
    let pos = game.state.unit(id).pos;
    let to = CardPos::new(pos.row - 1, pos.col);
    if to.row < 1 || game.state.map.card(to).is_none() {
        say(game, id, Idle::NoCardAhead);
        return;
    }
    if !game.has_room(id, to) {
        say(game, id, Idle::CardAheadFull(to));
        return;
    }
    step(game, id, to, true, EnemyMove::Advance, Vec::new());
}

/// The largest US unit on a card (steps), R# among equals (9.4).
fn largest_us(game: &mut Game, at: CardPos) -> Option<UnitId> {
    let mut us: Vec<(u8, UnitId)> = game
        .state
        .units_at(at)
        .filter(|x| x.side == Side::Us && x.kind != UnitKind::Casualty)
        .map(|x| (x.steps, x.id))
        .collect();
    let most = us.iter().map(|(s, _)| *s).max()?;
    us.retain(|(s, _)| *s == most);
    if us.len() == 1 {
        return Some(us[0].1);
    }
    let (r, reads) = game.random(us.len() as u32, Purpose::EnemyTiedTargets);
    let pick = us[(r as usize).saturating_sub(1).min(us.len() - 1)].1;
    game.say(
        "9.4",
        EventKind::Nothing {
            why: Quiet::RandomTarget(crate::engine::kernel::events::Tie::Units {
                at,
                n: us.len() as u8,
                most,
                pick,
            }),
        },
        reads,
    );
    Some(pick)
}

/// A grenade attack on the largest US unit on its card, or concentrated
/// fire on the largest on the card it fires at.
fn attack(game: &mut Game, id: UnitId) {
    let u = game.state.unit(id).clone();
    let armed = crate::engine::combat::fire::ratings(game, &u).is_some();
    let dry = crate::engine::kernel::units::dry(game, &u);
    if !armed || dry || crate::engine::combat::actions::exposed_heavy(game, &u) {
        say(game, id, Idle::CannotFire);
        return;
    }
    let b = bonus(game, id);
    let rating = crate::engine::combat::fire::ratings(game, &u);
    let mortar =
        crate::engine::combat::fire::weapon(game, &u) == Some(crate::data::units::Weapon::Mortar);
    if game.us_on(u.pos) && !mortar {
        if let Some(t) = largest_us(game, u.pos) {
            crate::engine::combat::actions::attempt_grenade(game, None, id, t, true, b);
        }
        return;
    }
    // 6.5.1, 6.7.4: a G!-rated weapon (mortar, rocket launcher) fires a
    // grenade attack at another card out to its printed range: along its
    // card's PDF when it has one, else at the closest card in line and LOS
    // holding US units. The shot places a PDF.
    if let Some(r) = rating.filter(|r| r.vof == crate::data::units::Vof::G) {
        let pdfs: Vec<CardPos> = crate::engine::combat::fire::pdfs(game)
            .filter(|f| f.side == u.side && f.from == u.pos)
            .map(|f| f.target)
            .collect();
        let mut cards: Vec<CardPos> = game
            .state
            .in_play()
            .filter(|x| x.side == Side::Us && x.kind != UnitKind::Casualty)
            .map(|x| x.pos)
            .filter(|p| {
                let d = u.pos.distance(*p);
                d >= 1
                    && d <= r.range.cards()
                    && !p.is_staging()
                    && u.pos.line_dir(*p).is_some()
                    && (pdfs.is_empty()
                        || pdfs
                            .iter()
                            .any(|t| u.pos.line_dir(*t) == u.pos.line_dir(*p)))
                    && game.unit_sees(id, *p)
            })
            .collect();
        cards.sort_by_key(|p| (u.pos.distance(*p), *p));
        cards.dedup();
        let Some(at) = cards.first().copied() else {
            say(game, id, Idle::NoTargetInReach);
            return;
        };
        if let Some(t) = largest_us(game, at) {
            crate::engine::combat::actions::attempt_grenade(game, None, id, t, true, b);
        }
        return;
    }
    if game.us_on(u.pos) {
        say(game, id, Idle::NoFireAtOwnCard);
        return;
    }
    let Some(at) = targets_of(game, &u).into_iter().find(|t| *t != u.pos) else {
        say(game, id, Idle::NoTargetToConcentrateOn);
        return;
    };
    if let Some(t) = largest_us(game, at) {
        crate::engine::combat::actions::concentrate(game, None, id, t, b);
    }
}

/// Infiltrate one card nearer the closest US unit.
fn infiltrate(game: &mut Game, id: UnitId) {
    let u = game.state.unit(id).clone();
    let nearest = crate::engine::enemy::moves::nearest_us;
    let here = nearest(game, u.pos);
    let options: Vec<(CardPos, i32)> = crate::engine::movement::actions::neighbours(game, u.pos)
        .filter(|q| !q.is_staging() && !game.us_on(*q) && nearest(game, *q) < here)
        .filter(|q| game.has_room(id, *q))
        .map(|q| (q, terrain_cover(game, q)))
        .collect();
    let Some((to, reads)) = pick_card(game, &options, Purpose::InfiltrateCard) else {
        say(game, id, Idle::NoWayUnseen);
        return;
    };
    let n = game.attempt_draws(2, game.experience(id)) + bonus(game, id);
    let r = attempt(
        game,
        Some(id),
        n,
        Needed::Icon(Icon::Infiltrate),
        Purpose::Infiltrating,
    );
    if r.success {
        step(game, id, to, false, EnemyMove::Infiltrate, reads);
    } else if !reads.is_empty() {
        // The card drawn to pick the card it made for is logged too.
        game.say(
            "9.4",
            EventKind::Nothing {
                why: Quiet::InfiltrationFailed { unit: id, to },
            },
            reads,
        );
    }
}

/// A rally attempt: a draw only under a VOF (4.2.3). Pinned units lose
/// the marker; a unit on its fire-team side turns back; a paralyzed team
/// becomes a litter team; a litter team with no casualty to carry becomes
/// a fire team.
fn rally(game: &mut Game, id: UnitId) {
    let u = game.state.unit(id).clone();
    let casualty_here = game
        .state
        .units_at(u.pos)
        .any(|x| x.side == u.side && x.kind == UnitKind::Casualty);
    use crate::engine::kernel::events::RallyFrom;
    let what = if u.pinned {
        RallyFrom::Pinned
    } else if u.flipped {
        RallyFrom::Flipped
    } else if u.kind == UnitKind::ParalyzedTeam {
        RallyFrom::Paralyzed
    } else if u.kind == UnitKind::LitterTeam && !casualty_here {
        RallyFrom::Litter
    } else {
        say(game, id, Idle::NothingToRallyFrom);
        return;
    };
    if game.card_under_vof(u.pos) {
        let n = game.attempt_draws(2, game.experience(id)) + bonus(game, id);
        if !attempt(
            game,
            Some(id),
            n,
            Needed::Word(Word::Rally),
            Purpose::EnemyRally,
        )
        .success
        {
            return;
        }
    }
    if u.pinned {
        game.state.unit_mut(id).pinned = false;
    } else if u.flipped {
        game.state.unit_mut(id).flipped = false;
    } else if u.kind == UnitKind::ParalyzedTeam {
        crate::engine::kernel::units::convert(game, id, UnitKind::LitterTeam);
    } else {
        crate::engine::kernel::units::convert(game, id, UnitKind::FireTeam);
    }
    game.say(
        "9.4",
        EventKind::Status {
            unit: id,
            what: StatusChange::Rallied(what),
        },
        Vec::new(),
    );
}

/// Two fire or assault teams on a card join into a two-step squad of their
/// side (the side's first squad type), under the first one's cover.
fn reconstitute(game: &mut Game, id: UnitId, done: &mut Vec<UnitId>) {
    let u = game.state.unit(id).clone();
    let Some(other) = game
        .state
        .units_at(u.pos)
        .find(|x| {
            x.id != id
                && x.side == u.side
                && matches!(x.kind, UnitKind::FireTeam | UnitKind::AssaultTeam)
        })
        .map(|x| x.id)
    else {
        say(game, id, Idle::NoTeamToJoin);
        return;
    };
    let nation = crate::engine::kernel::units::nation_of(&game.data, &u);
    let Some(squad) =
        crate::engine::kernel::units::team_type(game, u.side, nation, UnitKind::Squad)
    else {
        return;
    };
    if game.card_under_vof(u.pos) {
        let n = game.attempt_draws(2, game.experience(id)) + bonus(game, id);
        if !attempt(
            game,
            Some(id),
            n,
            Needed::Word(Word::Rally),
            Purpose::Reconstituting,
        )
        .success
        {
            return;
        }
    }
    let o = game.state.unit(other).clone();
    let data = game.data.clone();
    let Some(new) = game.state.add_unit(&data, &squad.0, u.pos) else {
        return;
    };
    {
        let s = game.state.unit_mut(new);
        s.steps = 2;
        s.cover = u.cover;
        s.spotted = u.spotted || o.spotted;
        s.exposed = u.exposed || o.exposed;
        s.experience = u.experience;
        s.fanatic = u.fanatic;
        s.human_wave = u.human_wave;
    }
    for t in [id, other] {
        game.state.unit_mut(t).removed = true;
    }
    done.push(new);
    game.say(
        "9.4",
        EventKind::UnitCreated {
            unit: new,
            from: Some(id),
            why: crate::engine::kernel::events::Creation::JoinedUp { with: other },
        },
        Vec::new(),
    );
}

/// Turn the card's fire on the US card firing at it from elsewhere, the
/// one with the most steps first (R# among equals).
fn shift_fire(game: &mut Game, id: UnitId) {
    let u = game.state.unit(id).clone();
    let mine = targets_of(game, &u);
    let mut sources: Vec<CardPos> = game
        .state
        .fires
        .iter()
        .filter(|f| f.side == Side::Us && f.target == u.pos && f.from != u.pos)
        .map(|f| f.from)
        .filter(|f| !mine.contains(f))
        .collect();
    sources.sort();
    sources.dedup();
    let options: Vec<(CardPos, u8)> = sources
        .iter()
        .map(|q| (*q, game.state.steps_at(*q, Side::Us)))
        .collect();
    let Some((to, reads)) = pick_card(game, &options, Purpose::ShiftFireCard) else {
        say(game, id, Idle::NoOtherFire);
        return;
    };
    game.state
        .fires
        .retain(|f| !(f.side == u.side && f.from == u.pos));
    crate::engine::combat::fire::open_link(
        game,
        FireLink {
            side: u.side,
            from: u.pos,
            target: to,
        },
        "9.4",
        crate::engine::kernel::events::FireCause::EnemyShift(id),
        reads,
    );
}

/// A litter team carries a casualty of its side off to the rear (both
/// leave play), or moves one card toward the nearest one; with none left
/// it falls back.
fn to_casualty(game: &mut Game, id: UnitId) {
    let u = game.state.unit(id).clone();
    if u.kind != UnitKind::LitterTeam {
        say(game, id, Idle::NoLitter);
        return;
    }
    let casualty = game
        .state
        .units_at(u.pos)
        .find(|x| x.side == u.side && x.kind == UnitKind::Casualty)
        .map(|x| x.id);
    if let Some(c) = casualty {
        {
            let m = game.state.unit_mut(c);
            m.removed = true;
            m.withdrawn = true;
        }
        crate::engine::kernel::units::leave_play_as(
            game,
            id,
            "9.4",
            crate::engine::kernel::events::Removal::CarriedOff { casualty: c },
            Vec::new(),
        );
        crate::engine::combat::fire::drop_orphan_fire(game, u.pos);
        return;
    }
    let casualties: Vec<CardPos> = game
        .state
        .in_play()
        .filter(|x| x.side == u.side && x.kind == UnitKind::Casualty && !x.pos.is_staging())
        .map(|x| x.pos)
        .collect();
    let dist = |at: CardPos| casualties.iter().map(|c| c.distance(at)).min();
    let Some(here) = dist(u.pos) else {
        fall_back(game, id, "9.4");
        return;
    };
    let options: Vec<(CardPos, i32)> = crate::engine::movement::actions::neighbours(game, u.pos)
        .filter(|q| !q.is_staging() && !game.us_on(*q))
        .filter(|q| game.has_room(id, *q))
        .filter(|q| dist(*q).is_some_and(|d| d < here))
        .map(|q| (q, terrain_cover(game, q)))
        .collect();
    let Some((to, reads)) = pick_card(game, &options, Purpose::CasualtyCard) else {
        say(game, id, Idle::NoCasualtyInReach);
        return;
    };
    step(game, id, to, true, EnemyMove::ForCasualty, reads);
}

/// The PC letter of a row (decision above).
fn row_letter(game: &mut Game, row: i8) -> Option<crate::data::charts::PcLetter> {
    let rows = game.mission.pc_markers.clone();
    let best = rows
        .iter()
        .filter(|r| !r.letters.is_empty())
        .min_by_key(|r| ((r.row - row).unsigned_abs(), r.row))?;
    let letters = best.letters.clone();
    if letters.len() == 1 {
        return Some(letters[0]);
    }
    let (r, reads) = game.random(letters.len() as u32, Purpose::MixedPcLetter);
    let l = letters[(r as usize).saturating_sub(1).min(letters.len() - 1)];
    game.say(
        "9.4",
        EventKind::Nothing {
            why: Quiet::PcLetter(l),
        },
        reads,
    );
    Some(l)
}

/// The unit slips back out of sight: removed, its row's PC marker placed
/// unless one is already there (9.4).
fn replace_by_pc(game: &mut Game, id: UnitId) {
    let u = game.state.unit(id).clone();
    let letter = row_letter(game, u.pos.row);
    {
        let m = game.state.unit_mut(id);
        m.removed = true;
        m.withdrawn = true;
    }
    let placed = match (letter, game.state.map.card_mut(u.pos)) {
        (Some(letter), Some(c)) if c.markers.pc.is_none() => {
            c.markers.pc = Some(PcMarker {
                letter,
                hidden: false,
            });
            Some(letter)
        }
        _ => None,
    };
    game.state.note_pc_markers();
    game.say(
        "9.4",
        EventKind::UnitRemoved {
            unit: id,
            why: crate::engine::kernel::events::Removal::SlippedAway { pc: placed },
        },
        Vec::new(),
    );
    crate::engine::combat::fire::drop_orphan_fire(game, u.pos);
}
