//! `tianyuan clock simulate` (issue 4, item 6): scenarios whose events were worked out by
//! hand from Art. 12.2 (and the documented schedules of the other systems), compared event
//! by event with the JSON lines.

use serde_json::{Value, json};
use tianyuan::cli::clock::{SimulateArgs, simulate_lines};

fn run(control: &str, moves: &str) -> Result<Vec<Value>, String> {
    let args = SimulateArgs {
        control: control.to_string(),
        moves: moves.to_string(),
        say_byoyomi_start: false,
        main_time_calls: false,
    };
    let lines = simulate_lines(&args)?;
    Ok(lines
        .iter()
        .map(|l| serde_json::from_str(l).expect("each line is one JSON object"))
        .collect())
}

fn press(t: u64, side: &str, main: i64, periods: u32) -> Value {
    json!({"t_ms": t, "side": side, "event": "press", "main_ms": main, "periods": periods})
}
fn byo(t: u64, side: &str, periods: u32) -> Value {
    json!({"t_ms": t, "side": side, "event": "byoyomi_start", "main_ms": 0, "periods": periods})
}
fn say(t: u64, side: &str, phrase: &str, text: &str) -> Value {
    json!({"t_ms": t, "side": side, "event": "say", "phrase": phrase, "text": text})
}
fn used(t: u64, side: &str, periods: u32) -> Value {
    json!({"t_ms": t, "side": side, "event": "period_used", "periods": periods})
}
fn timeout(t: u64, side: &str) -> Value {
    json!({"t_ms": t, "side": side, "event": "timeout"})
}
/// 30, 40, 50, 55, 58 s into a minute that starts at `s`.
fn minute_calls(s: u64, side: &str) -> Vec<Value> {
    vec![
        say(s + 30_000, side, "s30", "三十秒"),
        say(s + 40_000, side, "s40", "四十秒"),
        say(s + 50_000, side, "s50", "五十秒"),
        say(s + 55_000, side, "s55", "五十五秒"),
        say(s + 58_000, side, "s58", "五十八秒"),
    ]
}
/// The full minute that ends at `e`, leaving `left` reserved minutes with the words for it.
fn full_minute(e: u64, side: &str, left: u32, words: &str) -> Vec<Value> {
    vec![
        say(e, side, "one_minute", "一分钟"),
        used(e, side, left),
        say(e, side, &format!("minutes_left_{left}"), words),
    ]
}
/// The last minute starting at `s`, to the time-out.
fn last_minute(s: u64, side: &str) -> Vec<Value> {
    let digits = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
    let mut v = vec![
        say(s + 30_000, side, "s30", "三十秒"),
        say(s + 40_000, side, "s40", "四十秒"),
        say(s + 50_000, side, "s50", "五十秒"),
    ];
    for (k, d) in digits.iter().enumerate() {
        let k = k as u64 + 1;
        v.push(say(s + 50_000 + 1000 * k, side, &format!("count_{k}"), d));
    }
    v.push(say(s + 60_000, side, "count_10_timeout", "十，超时判负"));
    v.push(timeout(s + 60_000, side));
    v
}

#[test]
fn issue4_free_time_to_the_reserve_and_a_press_on_a_calls_instant() {
    // 55 free minutes: Black 54 min; White exactly 55 min (the free time runs out exactly at
    // the press: byoyomi_start, then the press); Black 90 s, of which 60 s free, ending at
    // exactly 30 s into the first reserved minute (the press comes before 三十秒).
    let got = run("chinese:limit=60m,reserve=5", "3240,3300,90").expect("runs");
    let want = vec![
        press(3_240_000, "B", 60_000, 5),
        byo(6_540_000, "W", 5),
        press(6_540_000, "W", 0, 5),
        byo(6_600_000, "B", 5),
        press(6_630_000, "B", 0, 5),
    ];
    assert_eq!(got, want);
}

#[test]
fn issue4_the_whole_five_minute_reserve() {
    // No free time. Black: 60 s (one minute), 120 s (two), 59.9 s (none), then runs out in
    // its last two minutes; White answers each in 1 s.
    let got = run("chinese:limit=5m,reserve=5", "60,1,120,1,59.9,1,125").expect("runs");
    let mut want = vec![byo(0, "B", 5)];
    want.extend(minute_calls(0, "B"));
    want.extend(full_minute(60_000, "B", 4, "还剩四分钟"));
    want.push(press(60_000, "B", 0, 4));
    want.push(byo(60_000, "W", 5));
    want.push(press(61_000, "W", 0, 5));
    want.extend(minute_calls(61_000, "B"));
    want.extend(full_minute(121_000, "B", 3, "还剩三分钟"));
    want.extend(minute_calls(121_000, "B"));
    want.extend(full_minute(181_000, "B", 2, "还剩两分钟"));
    want.push(press(181_000, "B", 0, 2));
    want.push(press(182_000, "W", 0, 5));
    want.extend(minute_calls(182_000, "B"));
    want.push(press(241_900, "B", 0, 2));
    want.push(press(242_900, "W", 0, 5));
    want.extend(minute_calls(242_900, "B"));
    want.extend(full_minute(302_900, "B", 1, "还剩一分钟"));
    want.extend(last_minute(302_900, "B"));
    assert_eq!(got, want);
}

#[test]
fn issue4_reserve_reached_mid_move_and_the_last_minute_to_the_time_out() {
    // 2 free minutes and 1 reserved: a move of 180 s reaches the reserve at 120 s and the
    // minute counts from then; 60.0 s into the last minute is the time-out, no press.
    let got = run("chinese:limit=3m,reserve=1", "180,1").expect("runs");
    let mut want = vec![byo(120_000, "B", 1)];
    want.extend(last_minute(120_000, "B"));
    assert_eq!(got, want);
    // One millisecond less is in time: the count to nine, then the press.
    let got = run("chinese:limit=3m,reserve=1", "179.999").expect("runs");
    let mut want = vec![byo(120_000, "B", 1)];
    let mut last = last_minute(120_000, "B");
    last.truncate(12);
    want.extend(last);
    want.push(press(179_999, "B", 0, 1));
    assert_eq!(got, want);
}

#[test]
fn issue4_a_press_exactly_at_a_count_ends_before_it() {
    // Last minute: the press at 51.0 s comes before 一.
    let got = run("chinese:limit=1m,reserve=1", "51").expect("runs");
    let mut want = vec![byo(0, "B", 1)];
    want.extend(last_minute(0, "B").into_iter().take(3));
    want.push(press(51_000, "B", 0, 1));
    assert_eq!(got, want);
}

#[test]
fn japanese_periods_of_thirty_seconds() {
    // 1 minute main, 3 × 30 s. Black 90 s: byo-yomi at 60 s, 一 … 九 at 21 … 29 s of the
    // period, a move of exactly 30 s uses the period (silently). White 10 s. Black 65 s: one
    // period used, then the last runs out.
    let got = run("japanese:main=1m,periods=3x30s", "90,10,65").expect("runs");
    let digits = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
    let count = |s: u64| -> Vec<Value> {
        digits
            .iter()
            .enumerate()
            .map(|(k, d)| {
                let k = k as u64 + 1;
                say(s + 20_000 + 1000 * k, "B", &format!("count_{k}"), d)
            })
            .collect()
    };
    let mut want = vec![byo(60_000, "B", 3)];
    want.extend(count(60_000));
    want.push(used(90_000, "B", 2));
    want.push(press(90_000, "B", 0, 2));
    want.push(press(100_000, "W", 50_000, 3));
    want.extend(count(100_000));
    want.push(used(130_000, "B", 1));
    want.extend(count(130_000));
    want.push(say(160_000, "B", "count_10_timeout", "十，超时判负"));
    want.push(timeout(160_000, "B"));
    assert_eq!(got, want);
}

#[test]
fn canadian_fischer_and_sudden_death() {
    // Canadian 1 min + 2 stones in 1 min. Black 70 s: the block starts at 60 s and this move
    // is its first stone. White 5 s. Black 40 s: the second stone, 10 s left: renewed.
    let got = run("canadian:main=1m,stones=2/1m", "70,5,40").expect("runs");
    let want = vec![
        json!({"t_ms": 60_000, "side": "B", "event": "byoyomi_start", "main_ms": 0, "stones": 2, "block_ms": 60_000}),
        json!({"t_ms": 70_000, "side": "B", "event": "press", "main_ms": 0, "stones": 1, "block_ms": 50_000}),
        json!({"t_ms": 75_000, "side": "W", "event": "press", "main_ms": 55_000}),
        json!({"t_ms": 115_000, "side": "B", "event": "press", "main_ms": 0, "stones": 2, "block_ms": 60_000}),
    ];
    assert_eq!(got, want);
    // Fischer 10 s + 5 s: Black 4 s → 11 s; White exactly 10 s runs out.
    let got = run("fischer:main=10s,inc=5s", "4,10,1").expect("runs");
    let want = vec![
        json!({"t_ms": 4_000, "side": "B", "event": "press", "main_ms": 11_000}),
        timeout(14_000, "W"),
    ];
    assert_eq!(got, want);
    let got = run("sudden:main=1m", "59.999,60").expect("runs");
    let want = vec![
        json!({"t_ms": 59_999, "side": "B", "event": "press", "main_ms": 1}),
        timeout(119_999, "W"),
    ];
    assert_eq!(got, want);
}

#[test]
fn moves_are_rounded_to_the_millisecond_and_bad_input_is_a_clear_error() {
    let got = run("sudden:main=1m", "1.0005,0.0004").expect("runs");
    assert_eq!(got[0]["t_ms"], 1_001);
    assert_eq!(got[1]["t_ms"], 1_001);
    assert_eq!(
        run("sudden:main=1m", "").expect("no moves"),
        Vec::<Value>::new()
    );
    for (control, moves, needle) in [
        ("sudden:main=1m", "1,-2", "move 2"),
        ("sudden:main=1m", "1,,2", "move 2"),
        ("sudden:main=1m", "abc", "move 1"),
        ("chinese:limit=1m,reserve=2", "1", "reserve"),
        ("nonsense", "1", "unknown time system"),
        ("japanese:main=1m,periods=3", "1", "periods"),
    ] {
        let err = run(control, moves).expect_err("refused");
        assert!(err.contains(needle), "{control} {moves}: {err}");
    }
}

/// A deliberately naive referee for Chinese byo-yomi: a state machine ticking every 100 ms.
/// Returns (t, side, event, main, periods) for presses and the time-out.
fn naive_chinese(
    free: i64,
    reserve: i64,
    moves: &[i64],
) -> Vec<(i64, char, &'static str, i64, i64)> {
    let mut main = [free, free];
    let mut periods = [reserve, reserve];
    let mut out = Vec::new();
    let mut now = 0;
    for (i, &took) in moves.iter().enumerate() {
        let side = i % 2;
        let letter = if side == 0 { 'B' } else { 'W' };
        let mut into_minute = 0;
        for _ in 0..took / 100 {
            now += 100;
            if main[side] > 0 {
                main[side] -= 100;
                continue;
            }
            into_minute += 100;
            if into_minute == 60_000 {
                periods[side] -= 1;
                into_minute = 0;
                if periods[side] == 0 {
                    out.push((now, letter, "timeout", 0, 0));
                    return out;
                }
            }
        }
        out.push((now, letter, "press", main[side], periods[side]));
    }
    out
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]
    #[test]
    fn chinese_byoyomi_agrees_with_a_naive_ticking_referee(
        free_min in 0i64..4,
        reserve in 1i64..4,
        moves in proptest::collection::vec(0i64..1500, 1..24),
    ) {
        // Moves in tenths of a second, many of them near whole minutes.
        let moves: Vec<i64> = moves.iter().map(|m| if m % 3 == 0 { (m / 3 % 4) * 600 } else { *m }).collect();
        let moves_ms: Vec<i64> = moves.iter().map(|m| m * 100).collect();
        let spec = format!("chinese:limit={}m,reserve={reserve}", free_min + reserve);
        let text: Vec<String> = moves.iter().map(|m| format!("{}.{}", m / 10, m % 10)).collect();
        let got = run(&spec, &text.join(",")).expect("runs");
        let got: Vec<(i64, char, &str, i64, i64)> = got
            .iter()
            .filter(|e| e["event"] == "press" || e["event"] == "timeout")
            .map(|e| {
                (
                    e["t_ms"].as_i64().unwrap_or(-1),
                    e["side"].as_str().and_then(|s| s.chars().next()).unwrap_or('?'),
                    if e["event"] == "press" { "press" } else { "timeout" },
                    e["main_ms"].as_i64().unwrap_or(0),
                    e["periods"].as_i64().unwrap_or(0),
                )
            })
            .collect();
        proptest::prop_assert_eq!(got, naive_chinese(free_min * 60_000, reserve, &moves_ms));
    }
}
