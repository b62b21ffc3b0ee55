fn main() {
    let d: u32 = std::env::args().nth(1).map_or(11, |s| s.parse().unwrap());
    let r = damka::bench::run(damka::variant::Variant::Russian, d);
    println!("{} nodes {} nps", r.total(), r.nps());
}
