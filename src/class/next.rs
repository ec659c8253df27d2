//! Which problems a child gets next (`class next`, the problem board in the window): issue 27
//! item 4, a path no child is stuck on.
//!
//! What is offered, each problem once, at most `n`:
//!
//! - **reviews**: what is due (the pinned schedule, oldest first), then homework assigned and
//!   not solved;
//! - **new problems**: the current step's own problems not tried yet, nearest the child's
//!   rating (ties in curriculum order), then the rest of the path's problems not tried yet,
//!   nearest the child's rating (ties by step, then curriculum order), so a child who solved
//!   every problem of their step while the games hold them back keeps learning;
//!
//! reviews and new problems **alternate**, a review first unless the child's answers of the
//! last [`SESSION_HOURS`] hours were more reviews than new problems: a child who misses much
//! is not given only yesterday's misses all lesson long. Then the problems missed and not due
//! yet, soonest due first (trying one early moves it on); last the **resting** problems
//! below, so the list is never empty while anything on the path is unfinished or due.
//!
//! A problem **rests** when the child tried it [`WEEKLY_TRIES`] times in the last seven days,
//! or missed it on each of the last two tries and the last was less than [`REST_DAYS`] days
//! ago: a weak child then meets other problems near their level instead of the same few every
//! lesson (the schedule itself is unchanged: `class due` still lists them). Problems a class
//! no longer has (a renamed shipped problem) are never offered.

use std::collections::HashSet;

use chrono::Duration;

use super::library::Library;
use super::model::{Child, Class, ClassError, Time};
use super::path;

/// The most tries of one problem a child is offered in any seven days.
pub const WEEKLY_TRIES: usize = 3;
/// After two misses in a row, the days a problem rests before it is offered again.
pub const REST_DAYS: i64 = 3;
/// The hours of answers looked at to alternate reviews and new problems (a lesson).
pub const SESSION_HOURS: i64 = 6;

/// Whether `id` rests for `child` at `at`.
pub fn resting(child: &Child, id: &str, at: Time) -> bool {
    let tries: Vec<_> = child
        .attempts
        .iter()
        .filter(|a| a.problem == id && a.at <= at)
        .collect();
    let week = tries
        .iter()
        .filter(|a| a.at > at - Duration::days(7))
        .count();
    if week >= WEEKLY_TRIES {
        return true;
    }
    match tries.as_slice() {
        [.., a, b] => !a.right && !b.right && b.at > at - Duration::days(REST_DAYS),
        _ => false,
    }
}

impl Class {
    /// The next problems for a child at `at`, best first ([`super::next`]'s order). At most
    /// `n`.
    pub fn next_problems(
        &self,
        nick: &str,
        library: &Library,
        at: Time,
        n: usize,
    ) -> Result<Vec<String>, ClassError> {
        let child = self.child(nick)?;
        let solved: HashSet<&str> = child.solved().into_iter().collect();
        let scheduled = |id: &str| child.schedule.contains_key(id);
        let known = |id: &str| library.get(id).is_some();
        let mut taken: HashSet<String> = HashSet::new();
        let mut later: Vec<String> = Vec::new();
        // Sorts a candidate: offered (true), resting (false), or neither (unknown, or already
        // in a list).
        let mut take = |id: &str| -> bool {
            if !known(id) || !taken.insert(id.to_string()) {
                return false;
            }
            if resting(child, id, at) {
                later.push(id.to_string());
                return false;
            }
            true
        };
        // Reviews: due, then homework.
        let mut reviews: Vec<String> = Vec::new();
        for (id, _) in child.due(at) {
            if take(&id) {
                reviews.push(id);
            }
        }
        let homework = child.assigned.iter().cloned().chain(
            self.problems
                .iter()
                .filter(|p| p.for_class && p.approved)
                .map(|p| p.id.clone()),
        );
        for id in homework {
            if !solved.contains(id.as_str()) && !scheduled(&id) && take(&id) {
                reviews.push(id);
            }
        }
        // New problems: the current step's own, then the whole path's.
        let rating = child.rating.rating;
        let fresh = |entries: Vec<(u8, usize, &super::library::Entry)>| {
            let mut v: Vec<(f64, u8, usize, String)> = entries
                .into_iter()
                .filter(|(_, _, e)| !solved.contains(e.id.as_str()) && !scheduled(&e.id))
                .map(|(s, k, e)| {
                    let r = self.problem_rating(&e.id, e.prior()).rating;
                    ((r - rating).abs(), s, k, e.id.clone())
                })
                .collect();
            v.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
            v.into_iter().map(|(_, _, _, id)| id).collect::<Vec<_>>()
        };
        let mut news: Vec<String> = Vec::new();
        if let Some(step) = path::step(child.step) {
            let own = library
                .own_problems(step)
                .into_iter()
                .enumerate()
                .map(|(k, e)| (step.number, k, e))
                .collect();
            for id in fresh(own) {
                if take(&id) {
                    news.push(id);
                }
            }
        }
        let whole = library
            .entries()
            .iter()
            .enumerate()
            .filter_map(|(k, e)| library.first_step(e).map(|s| (s.number, k, e)))
            .collect();
        for id in fresh(whole) {
            if take(&id) {
                news.push(id);
            }
        }
        // Alternate, a review first unless the lesson so far had more reviews than new ones.
        let since = at - Duration::hours(SESSION_HOURS);
        let (mut reviewed, mut met) = (0usize, 0usize);
        for (k, a) in child.attempts.iter().enumerate() {
            if a.at > since && a.at <= at {
                if child.attempts[..k].iter().any(|b| b.problem == a.problem) {
                    reviewed += 1;
                } else {
                    met += 1;
                }
            }
        }
        let mut out: Vec<String> = Vec::new();
        let (mut r, mut f) = (reviews.into_iter(), news.into_iter());
        let mut review_turn = reviewed <= met;
        loop {
            let next = if review_turn {
                r.next().or_else(|| f.next())
            } else {
                f.next().or_else(|| r.next())
            };
            let Some(id) = next else { break };
            out.push(id);
            review_turn = !review_turn;
        }
        // 5. Missed, not due yet: soonest first.
        let mut waiting: Vec<(Time, &String)> = child
            .schedule
            .iter()
            .filter_map(|(id, slot)| slot.due().filter(|d| *d > at).map(|d| (d, id)))
            .collect();
        waiting.sort();
        for (_, id) in waiting {
            if take(id) {
                out.push(id.clone());
            }
        }
        // 6. Resting, last.
        out.append(&mut later);
        out.truncate(n);
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::class::format::time_text;

    fn t(s: &str) -> Time {
        chrono::DateTime::parse_from_rfc3339(s).expect("time")
    }

    /// Missed twice in a row, a problem rests three days; tried three times in a week it rests
    /// until the week has passed; the schedule (`due`) is not changed by either.
    #[test]
    fn a_problem_missed_again_and_again_rests() {
        let lib = Library::shipped();
        let start = t("2025-03-03T16:00:00+08:00");
        let mut class = Class::new("A", "B", start);
        class.add_child("Mo", None, start).expect("add");
        let first = class.next_problems("Mo", &lib, start, 1).expect("next")[0].clone();
        let day = |d: i64| start + Duration::days(d);
        class
            .record_attempt("Mo", &lib, &first, vec![], false, 0, None, day(0))
            .expect("miss");
        let next = class.next_problems("Mo", &lib, day(1), 3).expect("next");
        assert_eq!(next[0], first, "due the next day, first");
        class
            .record_attempt("Mo", &lib, &first, vec![], false, 0, None, day(1))
            .expect("miss");
        // Due on day 2, but missed twice in a row: it rests until day 4.
        let child = class.child("Mo").expect("Mo");
        assert_eq!(
            child.due(day(2)).len(),
            1,
            "still due: {:?}",
            time_text(day(2))
        );
        let next = class.next_problems("Mo", &lib, day(2), 5).expect("next");
        assert!(!next[..4].contains(&first), "{next:?}");
        let next = class.next_problems("Mo", &lib, day(4), 5).expect("next");
        assert_eq!(next[0], first);
        class
            .record_attempt("Mo", &lib, &first, vec![], true, 0, None, day(4))
            .expect("right");
        // Three tries in seven days: it rests until day 7 even though it is due on day 7
        // (3 days after the right answer).
        assert!(resting(class.child("Mo").expect("Mo"), &first, day(6)));
        assert!(!resting(class.child("Mo").expect("Mo"), &first, day(7)));
    }

    #[test]
    fn the_list_is_never_empty_while_anything_on_the_path_is_unfinished() {
        let lib = Library::shipped();
        let at = t("2025-03-03T16:00:00+08:00");
        let mut class = Class::new("A", "B", at);
        class.add_child("Mo", None, at).expect("add");
        let path: Vec<String> = lib
            .entries()
            .iter()
            .filter(|e| lib.first_step(e).is_some())
            .map(|e| e.id.clone())
            .collect();
        // Every problem of the path right the first time, but one missed.
        let (missed, rest) = path.split_first().expect("a path");
        for id in rest {
            class
                .record_attempt("Mo", &lib, id, vec![], true, 0, None, at)
                .expect("right");
        }
        class
            .record_attempt("Mo", &lib, missed, vec![], false, 0, None, at)
            .expect("miss");
        // Not due for a day: still offered (trying early moves it on).
        assert_eq!(
            class.next_problems("Mo", &lib, at, 5).expect("next"),
            vec![missed.clone()]
        );
        class
            .record_attempt("Mo", &lib, missed, vec![], true, 0, None, at)
            .expect("right");
        // In the schedule (3 days), still offered; retired: nothing left.
        assert_eq!(
            class.next_problems("Mo", &lib, at, 5).expect("next").len(),
            1
        );
    }
}
