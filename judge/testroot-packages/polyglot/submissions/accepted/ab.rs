use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let numbers: Vec<i64> = text.split_whitespace().map(|x| x.parse().unwrap()).collect();
    println!("{}", numbers[0] + numbers[1]);
}
