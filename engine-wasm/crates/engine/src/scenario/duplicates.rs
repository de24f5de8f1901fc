//! A key given twice in one JSON object: serde_json keeps the last silently when a value is read
//! into a map (a version 1 scenario on its way to migration, free-form fields), so the scenario
//! format refuses such text before it reads it.

/// The first key given twice in one object of the JSON `text` (the dotted path of the object and
/// the key), or None (also for text that is not JSON: the reading that follows reports it).
pub fn duplicate_key(text: &str) -> Option<(String, String)> {
    use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
    struct Walk<'a> {
        path: String,
        found: &'a mut Option<(String, String)>,
    }
    impl<'de> DeserializeSeed<'de> for Walk<'_> {
        type Value = ();
        fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
            d.deserialize_any(self)
        }
    }
    impl<'de> Visitor<'de> for Walk<'_> {
        type Value = ();
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("JSON")
        }
        fn visit_bool<E>(self, _: bool) -> Result<(), E> {
            Ok(())
        }
        fn visit_i64<E>(self, _: i64) -> Result<(), E> {
            Ok(())
        }
        fn visit_u64<E>(self, _: u64) -> Result<(), E> {
            Ok(())
        }
        fn visit_f64<E>(self, _: f64) -> Result<(), E> {
            Ok(())
        }
        fn visit_str<E>(self, _: &str) -> Result<(), E> {
            Ok(())
        }
        fn visit_unit<E>(self) -> Result<(), E> {
            Ok(())
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
            let mut i = 0;
            loop {
                let path = format!("{}[{i}]", self.path);
                if seq.next_element_seed(Walk { path, found: &mut *self.found })?.is_none() {
                    return Ok(());
                }
                i += 1;
            }
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
            let mut seen = std::collections::HashSet::new();
            while let Some(key) = map.next_key::<String>()? {
                if self.found.is_some() {
                    map.next_value::<IgnoredAny>()?;
                    continue;
                }
                let path = if self.path.is_empty() { key.clone() } else { format!("{}.{key}", self.path) };
                if !seen.insert(key.clone()) {
                    *self.found = Some((self.path.clone(), key));
                    map.next_value::<IgnoredAny>()?;
                    continue;
                }
                map.next_value_seed(Walk { path, found: &mut *self.found })?;
            }
            Ok(())
        }
    }
    let mut found = None;
    let mut de = serde_json::Deserializer::from_str(text);
    Walk { path: String::new(), found: &mut found }.deserialize(&mut de).ok()?;
    found
}

#[cfg(test)]
mod tests {
    use super::duplicate_key;

    #[test]
    fn finds_the_first_key_given_twice_with_its_object_path() {
        assert_eq!(duplicate_key(r#"{"a": [{"b": 1}, {"b": 2}], "c": {"b": 3}}"#), None);
        assert_eq!(duplicate_key(r#"{"a": [{"b": 1, "b": 2}]}"#), Some(("a[0]".into(), "b".into())));
        assert_eq!(duplicate_key(r#"{"s": 1, "s": 2}"#), Some(("".into(), "s".into())));
        assert_eq!(duplicate_key("not json"), None);
    }
}
