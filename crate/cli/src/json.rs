//! JSON lines from the schema types, spaced as the command line has always written them:
//! `{"deal": "N:…", "tricks": {"N": {"NT": 9, …}, …}}`.

use serde::Serialize;
use serde_json::ser::Formatter;
use std::io::{self, Write};

/// Compact JSON with a space after each `:` and `,`.
struct Spaced;

impl Formatter for Spaced {
    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        w.write_all(if first { b"" } else { b", " })
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.begin_array_value(w, first)
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b": ")
    }
}

pub fn line<T: Serialize + ?Sized>(value: &T) -> String {
    let mut out = Vec::new();
    value.serialize(&mut serde_json::Serializer::with_formatter(&mut out, Spaced)).expect("the schema serializes");
    String::from_utf8(out).expect("JSON is UTF-8")
}

/// `{"error": "…", "code": "…"}`.
pub fn error(e: &glasshand::Error) -> String {
    #[derive(Serialize)]
    struct ErrorLine {
        error: String,
        code: &'static str,
    }
    line(&ErrorLine { error: e.to_string(), code: e.code() })
}
