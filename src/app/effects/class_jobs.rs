//! The class file's jobs (issue 20), run on a runner thread: every read and write goes through
//! [`crate::files::class_file`] (bounded reads, atomic saves with `FILE.bak`, the writer's lock
//! from read to save), and every PIN derivation (Argon2id) happens here, never on the thread
//! that draws.

use std::path::{Path, PathBuf};

use crate::app::protocol::class_job::{
    ChangeReport, ClassAnswer, ClassChange, ClassJob, ClassListing, ClassTrouble, HomeworkFound,
    OpenedHow,
};
use crate::class::model::TeacherPin;
use crate::class::{Class, Library, format, homework};
use crate::files::class_file::{self, ClassFileError};
use crate::rules::Color;

/// Carries out one job.
pub(super) fn run(job: ClassJob) -> ClassAnswer {
    match job {
        ClassJob::List { folder } => ClassAnswer::Listed {
            result: list(&folder),
            folder,
        },
        ClassJob::Open { path } => ClassAnswer::Opened {
            result: class_file::load(&path)
                .map(Box::new)
                .map_err(ClassTrouble::from),
            path,
            how: OpenedHow::Opened,
        },
        ClassJob::Create {
            folder,
            name,
            teacher,
            pin,
            kdf,
            at,
        } => {
            let made = (|| {
                let mut class = Class::new(&name, &teacher, at);
                class.zone = crate::class::zone::ClassZone::system(at);
                if let Some(pin) = pin {
                    let salt = crate::entropy::bytes::<16>().map_err(ClassTrouble::NoRandom)?;
                    class.pin = Some(TeacherPin::make(&pin.0, salt, kdf)?);
                }
                let path = write_new_class(&folder, &class)?;
                Ok::<_, ClassTrouble>((path, class))
            })();
            opened(made, &folder, OpenedHow::Created)
        }
        ClassJob::Import {
            folder,
            bytes,
            from,
        } => {
            let made = format::from_bytes(&bytes)
                .map_err(|error| {
                    ClassTrouble::from(ClassFileError::Damaged {
                        path: from.clone(),
                        error,
                        backup: None,
                    })
                })
                .and_then(|class| Ok((write_new_class(&folder, &class)?, class)));
            opened(made, &folder, OpenedHow::Imported(from))
        }
        ClassJob::Homework {
            path,
            nick,
            games,
            drafts,
            known,
            at,
        } => ClassAnswer::Homework {
            found: homework(&games, &drafts, &known),
            path,
            nick,
            at,
        },
        ClassJob::Change { path, seq, change } => ClassAnswer::Changed {
            result: class_file::update(&path, |class| {
                let report = apply(class, change)?;
                Ok::<_, ClassTrouble>((Box::new(class.clone()), report))
            }),
            path,
            seq,
        },
    }
}

fn opened(
    made: Result<(PathBuf, Class), ClassTrouble>,
    folder: &Path,
    how: OpenedHow,
) -> ClassAnswer {
    match made {
        Ok((path, class)) => ClassAnswer::Opened {
            path,
            result: Ok(Box::new(class)),
            how,
        },
        Err(e) => ClassAnswer::Opened {
            path: folder.to_path_buf(),
            result: Err(e),
            how,
        },
    }
}

/// One change, on the class as read under the lock.
fn apply(class: &mut Class, change: ClassChange) -> Result<ChangeReport, ClassTrouble> {
    let mut report = ChangeReport::default();
    match change {
        ClassChange::AddChild { nick, avatar, at } => {
            class.add_child(&nick, avatar, at)?;
        }
        ClassChange::RemoveChild { nick } => {
            class.remove_child(&nick)?;
        }
        ClassChange::MoveChild { nick, to, at } => class.move_child(&nick, to, at)?,
        ClassChange::Attempt {
            nick,
            problem,
            answer,
            right,
            hints,
            seconds,
            at,
        } => {
            let library = Library::for_class(class);
            let r = class
                .record_attempt(&nick, &library, &problem, answer, right, hints, seconds, at)?;
            report.passed = r.passed;
            report.rating = Some((r.child_rating.0.rating, r.child_rating.1.rating));
        }
        ClassChange::Game { nick, game } => {
            let library = Library::for_class(class);
            report.passed = class.record_game(&nick, &library, *game)?;
        }
        ClassChange::SetPin { pin, kdf } => {
            let salt = crate::entropy::bytes::<16>().map_err(ClassTrouble::NoRandom)?;
            class.pin = Some(TeacherPin::make(&pin.0, salt, kdf)?);
        }
        ClassChange::RemovePin => class.pin = None,
        ClassChange::KeepDrafts { nick, drafts, at } => {
            let nick = class.child(&nick)?.nick.clone();
            for d in &drafts {
                class.keep_draft(&nick, d, at);
            }
        }
        ClassChange::Assign {
            id,
            nick,
            edited: None,
        } => class.assign(&id, nick.as_deref())?,
        ClassChange::Assign {
            id,
            nick,
            edited: Some(sgf),
        } => class.assign_edited(&id, nick.as_deref(), &sgf)?,
        ClassChange::DiscardDraft { id } => class.discard_draft(&id)?,
    }
    Ok(report)
}

/// Reads a child's games for homework with the same core as `tianyuan class homework`
/// ([`homework::extract`], the child's colour as the game was kept), and looks at every
/// draft, new or kept before. Nothing is written here.
fn homework(games: &[(String, Color)], kept: &[String], known: &[String]) -> HomeworkFound {
    let mut found = HomeworkFound::default();
    for (sgf, color) in games {
        let tree = crate::record::read_str(sgf)
            .ok()
            .and_then(|r| r.collection.trees.into_iter().next());
        match tree.map(|t| homework::extract(&t, &[*color])) {
            Some(Ok(drafts)) => {
                for d in drafts {
                    if !known.contains(&d.sgf) && !found.drafts.iter().any(|f| f.sgf == d.sgf) {
                        found.drafts.push(d);
                    }
                }
                found.read.push(sgf.clone());
            }
            _ => found.unreadable += 1,
        }
    }
    found.looks = kept
        .iter()
        .chain(found.drafts.iter().map(|d| &d.sgf))
        .filter_map(|sgf| homework::look(sgf))
        .collect();
    found
}

/// A file name from a class's name: letters, digits (any script), `-` and `_`; others become
/// `-`. Never empty.
fn file_stem(name: &str) -> String {
    let stem: String = name
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .take(40)
        .collect();
    let stem = stem.trim_matches('-').to_string();
    if stem.is_empty() {
        "class".to_string()
    } else {
        stem
    }
}

/// Writes a new class into `folder` under a free name (`NAME.tyclass`, `NAME-2.tyclass` …),
/// never over a file; makes the folder when missing.
fn write_new_class(folder: &Path, class: &Class) -> Result<PathBuf, ClassTrouble> {
    std::fs::create_dir_all(folder)
        .map_err(|e| ClassTrouble::Folder(folder.to_path_buf(), e.to_string()))?;
    let stem = file_stem(&class.name);
    for n in 1..1000 {
        let name = if n == 1 {
            format!("{stem}.{}", class_file::EXTENSION)
        } else {
            format!("{stem}-{n}.{}", class_file::EXTENSION)
        };
        let path = folder.join(name);
        match class_file::create(&path, class) {
            Ok(()) => return Ok(path),
            Err(ClassFileError::Exists(_)) => continue,
            Err(e) => return Err(e.into()),
        }
    }
    Err(ClassFileError::Exists(folder.join(stem)).into())
}

/// The class files of `folder`, by name (a file that does not read as a class is left out;
/// opening it says why).
fn list(folder: &Path) -> Result<Vec<ClassListing>, ClassTrouble> {
    std::fs::create_dir_all(folder)
        .map_err(|e| ClassTrouble::Folder(folder.to_path_buf(), e.to_string()))?;
    let entries = std::fs::read_dir(folder)
        .map_err(|e| ClassTrouble::Folder(folder.to_path_buf(), e.to_string()))?;
    let mut out: Vec<ClassListing> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == class_file::EXTENSION))
        .filter_map(|path| {
            let class = class_file::load(&path).ok()?;
            Some(ClassListing {
                name: class.name.clone(),
                teacher: class.teacher.clone(),
                children: class.children.len(),
                path,
            })
        })
        .collect();
    out.sort_by(|a, b| a.name.cmp(&b.name).then_with(|| a.path.cmp(&b.path)));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_come_from_the_class_name() {
        assert_eq!(file_stem("周六 少儿班"), "周六-少儿班");
        assert_eq!(file_stem("../etc/passwd"), "etc-passwd");
        assert_eq!(file_stem("  "), "class");
    }

    #[test]
    fn homework_reads_games_and_leaves_out_drafts_the_class_knows() {
        let game = "(;SZ[9]PB[Mei]PW[Computer];B[de];W[ee];B[fe];W[dg];B[ed];W[fg];B[cc];W[ef])";
        let games = vec![
            (game.to_string(), Color::Black),
            ("no record here".to_string(), Color::Black),
        ];
        let found = homework(&games, &[], &[]);
        assert_eq!(found.drafts.len(), 1);
        assert_eq!(found.read, vec![game.to_string()]);
        assert_eq!(found.unreadable, 1);
        assert_eq!(found.looks.len(), 1);
        assert!(found.looks[0].proved);
        let known = vec![found.drafts[0].sgf.clone()];
        let again = homework(&games[..1], &[], &known);
        assert!(
            again.drafts.is_empty(),
            "a draft the class has (even discarded) is not new"
        );
    }
}
