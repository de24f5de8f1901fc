//! The network's scenario input: stations, matrices and budgets refused naming their field.

use super::matrix::{flows, Stations};
use super::scenario::NetworkScenario;
use crate::models::format::validation_tests::errors;

fn net(fields: &str) -> String {
    format!(r#"{{"version": 2, "model": "network", "duration_s": 1, "warmup_s": 0, "network": {{{fields}}}}}"#)
}

#[test]
fn the_defaults_are_hypatias_workload() {
    assert!(errors(&net("")).is_empty(), "{:?}", errors(&net("")));
    let n = NetworkScenario::default();
    let st = Stations::parse(None).unwrap();
    let f = flows(&n, &st, 1).unwrap();
    // 50 pairs, a flow each way; flow 0 from Hypatia's pair (58, 94).
    assert_eq!((st.list.len(), f.len(), f[0], f[1]), (100, 100, (58, 94), (94, 58)));
}

#[test]
fn stations_are_checked_line_by_line() {
    let cases = [
        (r#""stations": "Paris,48.85,2.35\nParis,1,1""#, r#"network.stations: line 2: a second station named "Paris""#),
        (
            r#""stations": "Paris,48.85""#,
            "network.stations: line 1: write a station as name,latitude,longitude (e.g. Tokyo,35.69,139.69)",
        ),
        (
            r#""stations": "Paris,91,2\nRome,41.9,12.5""#,
            "network.stations: line 1: the latitude 91 is not from -90 to 90 degrees",
        ),
        (
            r#""stations": "Paris,48.85,x\nRome,41.9,12.5""#,
            r#"network.stations: line 1: the longitude "x" is not a number"#,
        ),
        (
            r#""stations": "Paris,48.85,2.35""#,
            "network.stations: give at least two stations, one a line: name,latitude,longitude",
        ),
    ];
    for (fields, want) in cases {
        assert_eq!(errors(&net(fields)), vec![want.to_string()], "{fields}");
    }
}

#[test]
fn a_matrix_names_what_is_wrong_with_it() {
    let two = r#""stations": "Paris,48.85,2.35\nRome,41.9,12.5\nOslo,59.9,10.7""#;
    let cases = [
        (two.to_string(), "network.matrix: Hypatia's pairing is of its 100 cities: clear network.stations, or choose random-pairing, to-gateway or list".to_string()),
        (format!(r#"{two}, "matrix": "to-gateway", "gateway": "Bern""#), r#"network.gateway: "Bern" is not one of the stations (e.g. "Paris")"#.into()),
        (format!(r#"{two}, "matrix": "list", "pairs": "Paris,Rome\nRome,Bern""#), r#"network.pairs: line 2: "Bern" is not one of the stations"#.into()),
        (format!(r#"{two}, "matrix": "list", "pairs": "Paris,Paris""#), r#"network.pairs: line 1: a flow from "Paris" to itself"#.into()),
        (format!(r#"{two}, "matrix": "list", "pairs": "Paris,Rome", "follow": 1"#), "network.follow: there is no flow 1 (0 to 0)".into()),
        (r#""constellation": "catalogue""#.to_string(), "network.tle: the catalogue constellation needs its element sets: load a catalogue file (TLE), or choose kuiper-630 or starlink-550".into()),
    ];
    for (fields, want) in cases {
        assert_eq!(errors(&net(&fields)), vec![want.clone()], "{fields}");
    }
    // A gateway: every other station sends to it.
    let n = NetworkScenario {
        matrix: super::scenario::MatrixKind::ToGateway,
        gateway: "Rome".into(),
        ..NetworkScenario::default()
    };
    let st = Stations::parse(Some("Paris,48.85,2.35\nRome,41.9,12.5\nOslo,59.9,10.7")).unwrap();
    assert_eq!(flows(&n, &st, 1).unwrap(), vec![(0, 1), (2, 1)]);
}

#[test]
fn the_work_of_a_run_is_bounded_before_it_starts() {
    // An hour of forwarding state every 10 ms over the 100 cities.
    let e = errors(
        r#"{"version": 2, "model": "network", "duration_s": 3600, "warmup_s": 0, "network": {"update_ms": 10}}"#,
    );
    assert!(
        e.iter().any(|m| m.starts_with("network.update_ms: 360000 forwarding states x (100 destinations")),
        "{e:?}"
    );
    // 100 UDP flows at 10 Gb/s for 100 s.
    let e = errors(
        r#"{"version": 2, "model": "network", "duration_s": 100, "warmup_s": 0, "network": {"protocol": "udp", "udp_rate_mbps": 10000}}"#,
    );
    assert!(e.iter().any(|m| m.starts_with("network.udp_rate_mbps: 100 flows at up to 833333.3 packets/s")), "{e:?}");
}
