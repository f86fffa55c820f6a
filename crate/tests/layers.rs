//! The layers go one way: the engine's modules import no module that imports them back, and
//! know nothing of jobs; `task/` builds every job on the engine's public API and `schema`.
//! Read from the sources, as `use crate::…` and `crate::module::` paths outside the tests.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

const SRC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src");

/// The crate's modules, from `lib.rs`: name and whether it is public.
fn modules() -> BTreeMap<String, bool> {
    let lib = std::fs::read_to_string(Path::new(SRC).join("lib.rs")).unwrap();
    lib.lines()
        .filter_map(|l| {
            let l = l.trim();
            let (public, rest) = match l.strip_prefix("pub mod ") {
                Some(rest) => (true, rest),
                None => (false, l.strip_prefix("mod ")?),
            };
            Some((rest.trim_end_matches(';').to_string(), public))
        })
        .collect()
}

/// The code of a file before its `#[cfg(test)]` module.
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let end = text.find("#[cfg(test)]").unwrap_or(text.len());
    text[..end].lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
}

/// The crate's modules that `code` names in a path.
fn imports(code: &str, known: &BTreeMap<String, bool>) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut add = |segment: &str| {
        let name: String =
            segment.chars().take_while(|c| c.is_ascii_lowercase() || *c == '_' || c.is_ascii_digit()).collect();
        if segment[name.len()..].starts_with("::") && known.contains_key(&name) {
            found.insert(name);
        }
    };
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // `use crate::{a::B, c::{D, E}, F}`: the module at the start of each item.
            let group = &group[..group.find("};").unwrap_or(group.len())];
            let mut depth = 0;
            let mut start = 0;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        add(group[start..i].trim());
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            add(group[start..].trim());
        } else {
            add(rest);
        }
    }
    found
}

fn engine_graph(known: &BTreeMap<String, bool>) -> BTreeMap<String, BTreeSet<String>> {
    known
        .keys()
        .filter(|m| *m != "task")
        .map(|m| (m.clone(), imports(&code(&Path::new(SRC).join(format!("{m}.rs"))), known)))
        .collect()
}

#[test]
fn no_engine_module_imports_one_that_imports_it_back() {
    let known = modules();
    let graph = engine_graph(&known);
    // Depth-first search for a back edge, reporting the cycle it closes.
    fn visit(
        m: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == m) {
            return Some(path[at..].iter().cloned().chain([m.to_string()]).collect());
        }
        if !done.insert(m.to_string()) {
            return None;
        }
        path.push(m.to_string());
        for next in graph.get(m).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    for m in graph.keys() {
        let cycle = visit(m, &graph, &mut Vec::new(), &mut done);
        assert!(cycle.is_none(), "import cycle: {}", cycle.unwrap_or_default().join(" -> "));
    }
}

#[test]
fn the_engine_knows_nothing_of_jobs() {
    let known = modules();
    for (module, imported) in engine_graph(&known) {
        let allowed = module == "schema" || !imported.contains("schema");
        assert!(allowed && !imported.contains("task"), "{module} imports {imported:?}");
    }
}

#[test]
fn tasks_use_only_the_public_api() {
    let known = modules();
    let dir = Path::new(SRC).join("task");
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let private: Vec<String> =
            imports(&code(&path), &known).into_iter().filter(|m| !known[m] && m != "task").collect();
        assert!(private.is_empty(), "{} reaches into {private:?}", path.display());
        files += 1;
    }
    assert!(files >= 5, "read {files} files of task/");
}

#[test]
fn the_reader_sees_nested_groups_and_plain_paths() {
    let known: BTreeMap<String, bool> =
        [("tt", false), ("hints", false), ("deal", false)].into_iter().map(|(m, p)| (m.to_string(), p)).collect();
    let code = "use crate::{hints::{self, FollowHints}, Deal, tt::Tt};\nlet d = crate::deal::Deal::new();";
    assert_eq!(imports(code, &known), ["deal", "hints", "tt"].map(String::from).into());
}
