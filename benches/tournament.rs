//! Benchmarks of the tournament core: pairing a Swiss round of a large open (the arbiter waits
//! for it between rounds), a McMahon round as an optimal weighted matching (issue 19) and its
//! explanation (120 and 500 players, issue 28), the standings of a whole event, and the OpenGotha round trip.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tianyuan::tournament::{
    Outcome, System, Tournament, csv_import, file, mcmahon, opengotha, standings,
};

/// An open of `n` players with `rounds` Swiss rounds played (results by a fixed rule).
fn event(n: usize, rounds: u32) -> Tournament {
    event_of(n, rounds, System::Swiss)
}

/// The same open run as a McMahon with handicaps below 1d.
fn mcmahon_event(n: usize, rounds: u32) -> Tournament {
    event_of(n, rounds, System::McMahon)
}

fn event_of(n: usize, rounds: u32, system: System) -> Tournament {
    let mut csv = String::from("name,rank\n");
    for i in 0..n {
        let rank = if i % 4 == 0 {
            format!("{}d", i % 9 + 1)
        } else {
            format!("{}k", i % 20 + 1)
        };
        csv.push_str(&format!("P{i:03},{rank}\n"));
    }
    let players = csv_import::read_players(&csv).unwrap_or_else(|e| panic!("{e}"));
    // One round more than played, so that the next round can be paired.
    let mut t = file::create("bench", system, Some(rounds + 1), 7, players)
        .unwrap_or_else(|e| panic!("{e}"));
    if system == System::McMahon {
        t.mcmahon = Some(mcmahon::McMahonSettings {
            bar: tianyuan::tournament::Rank::NationalDan(4),
            floor: tianyuan::tournament::Rank::Kyu(20),
            handicap: Some(mcmahon::HandicapRule {
                below: tianyuan::tournament::Rank::NationalDan(1),
                correction: 1,
                max: 9,
            }),
        });
    }
    for r in 1..=rounds {
        let round = t.propose(r).unwrap_or_else(|e| panic!("{e}"));
        t.publish(round).unwrap_or_else(|e| panic!("{e}"));
        if let Some(round) = t.round_mut(r) {
            for (i, g) in round.games.iter_mut().enumerate() {
                g.outcome = Some(if (i + r as usize).is_multiple_of(3) {
                    Outcome::WhiteWins
                } else {
                    Outcome::BlackWins
                });
            }
        }
    }
    t
}

fn bench(c: &mut Criterion) {
    let before_last = event(200, 6);
    c.bench_function("swiss_pair_round7_of_200_players", |b| {
        b.iter(|| black_box(&before_last).propose(7))
    });
    let forty = event(40, 6);
    c.bench_function("swiss_pair_round7_of_40_players", |b| {
        b.iter(|| black_box(&forty).propose(7))
    });
    let mm = mcmahon_event(200, 5);
    c.bench_function("mcmahon_pair_round6_of_200_players", |b| {
        b.iter(|| black_box(&mm).propose(6).map(|r| r.games.len()))
    });
    let mm120 = mcmahon_event(120, 6);
    c.bench_function("mcmahon_explain_round6_of_120_players", |b| {
        b.iter(|| mcmahon::explain(black_box(&mm120), 6).map(|e| e.pairs.len()))
    });
    // Issue 28 item 9: a 500-player open (the director's report: 76 s before), the round
    // published, explained pair by pair against the best pairing without each pair.
    let mut mm500 = mcmahon_event(500, 5);
    let round6 = mm500.propose(6).unwrap_or_else(|e| panic!("{e}"));
    mm500.publish(round6).unwrap_or_else(|e| panic!("{e}"));
    let mut group = c.benchmark_group("explain_500");
    group.sample_size(10);
    group.bench_function("mcmahon_explain_round6_of_500_players", |b| {
        b.iter(|| mcmahon::explain(black_box(&mm500), 6).map(|e| e.pairs.len()))
    });
    group.finish();
    let full = event(200, 7);
    c.bench_function("standings_200_players_7_rounds", |b| {
        b.iter(|| standings(black_box(&full)))
    });
    c.bench_function("opengotha_write_and_read_200_players", |b| {
        b.iter(|| opengotha::read(&opengotha::write(black_box(&full))).map(|x| x.0.players.len()))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
