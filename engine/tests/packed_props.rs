//! The packed form tables store items in must give back exactly the item that went in, by every road a
//! read takes (whole decode, some attributes, one attribute, straight to JSON, the cached size), for any
//! item; and key values must order as DynamoDB orders keys (`value::key_cmp`, the naive reference)
//! whatever their length (inline or on the heap).


use engine::number::Number;
use engine::table::key::{KeyVal, PrimaryKey};
use engine::table::ReadItem;
use engine::value::{item_size, item_to_json, key_cmp, AttributeValue, Item, NoKey, PackedItem, StoredKey};
use proptest::prelude::*;

fn number() -> impl Strategy<Value = Number> {
    let coefficient = prop_oneof![0u128..1000, 0u128..10u128.pow(19), 0u128..10u128.pow(38)];
    (any::<bool>(), coefficient, prop_oneof![-10i32..10, -167i32..=125])
        .prop_filter_map("in DynamoDB's range", |(neg, c, e)| Number::from_parts(neg, c, e).ok())
}

fn name() -> impl Strategy<Value = String> {
    prop_oneof!["[a-z]{1,6}", ".{0,4}", "[a-z\u{e9}\u{1F600}]{1,70}"]
}

fn bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![proptest::collection::vec(any::<u8>(), 0..8), proptest::collection::vec(any::<u8>(), 120..300)]
}

fn scalar() -> impl Strategy<Value = AttributeValue> {
    prop_oneof![
        prop_oneof![".{0,12}", "x{127,130}"].prop_map(AttributeValue::S),
        number().prop_map(AttributeValue::N),
        bytes().prop_map(AttributeValue::B),
        any::<bool>().prop_map(AttributeValue::Bool),
        Just(AttributeValue::Null),
        proptest::collection::vec(".{0,6}", 1..5).prop_map(AttributeValue::string_set),
        proptest::collection::vec(number(), 1..5).prop_map(AttributeValue::number_set),
        proptest::collection::vec(bytes(), 1..4).prop_map(AttributeValue::binary_set),
    ]
}

fn value() -> impl Strategy<Value = AttributeValue> {
    scalar().prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(AttributeValue::L),
            proptest::collection::btree_map(name(), inner, 0..6).prop_map(|m| AttributeValue::M(m.into_iter().collect())),
        ]
    })
}

fn item() -> impl Strategy<Value = Item> {
    proptest::collection::btree_map(name(), value(), 0..10).prop_map(|m| m.into_iter().collect())
}

fn key_value() -> impl Strategy<Value = AttributeValue> {
    prop_oneof![
        "[a\\x00z\u{e9}]{1,40}".prop_map(AttributeValue::S),
        number().prop_map(AttributeValue::N),
        proptest::collection::vec(prop_oneof![Just(0u8), Just(0xFF), any::<u8>()], 1..40).prop_map(AttributeValue::B),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn packed_item_round_trips(item in item(), pk in key_value(), sk in proptest::option::of(key_value()), keyed in any::<bool>()) {
        // As a table stores it (`keyed`): with a partition key and maybe a sort key whose values stay
        // outside the buffer; otherwise with every value inside.
        let mut item = item;
        let key = PrimaryKey { pk: KeyVal::from_value(&pk).expect("scalar"), sk: sk.as_ref().and_then(KeyVal::from_value) };
        let packed = if keyed {
            item.insert("pk".into(), pk);
            if let Some(sk) = sk {
                item.insert("sk".into(), sk);
            }
            let sort = key.sk.as_ref().map(|_| "sk");
            PackedItem::encode_without_keys(&item, item_size(&item) as u64, "pk", sort)
        } else {
            PackedItem::encode(&item)
        };
        let size = item_size(&item) as u64;
        let source: &dyn StoredKey = if keyed { &key } else { &NoKey };
        prop_assert_eq!(&packed.decode(source), &item);
        prop_assert_eq!(packed.size(), size);
        prop_assert_eq!(packed.to_json(source), item_to_json(&item));
        for (name, v) in &item {
            prop_assert_eq!(packed.get(source, name), Some(v.clone()));
        }
        prop_assert_eq!(packed.get(source, "\u{10FFFF}missing"), None);
        // Decoding some attributes gives exactly those attributes, whatever is skipped around them.
        for keep in [|n: &str| n.len().is_multiple_of(2), |n: &str| n.starts_with('a') || n == "sk", |_: &str| false] {
            let want: Item = item.iter().filter(|(n, _)| keep(n)).map(|(n, v)| (n.clone(), v.clone())).collect();
            prop_assert_eq!(packed.decode_where(source, keep), want);
        }
        prop_assert_eq!(packed.get(source, ""), item.get("").cloned());
        // The names alone, values skipped: the item's names in order.
        let names: Vec<&str> = item.keys().map(String::as_str).collect();
        prop_assert_eq!(packed.names(), names.clone());
        // The same names, checked without listing them: exactly these, no fewer, no more, no other.
        prop_assert!(packed.has_names(&names));
        prop_assert!(names.is_empty() || !packed.has_names(&names[1..]));
        let mut more = names.clone();
        more.push("\u{10FFFF}");
        prop_assert!(!packed.has_names(&more));
        if let Some(first) = names.first() {
            let mut other = names.clone();
            other[0] = if *first == "zz" { "zy" } else { "zz" };
            prop_assert_eq!(packed.has_names(&other), other == names);
        }
        // A read's two forms agree with each other and with the item.
        if keyed {
            let (stored, built) = (ReadItem::Stored { item: packed.clone(), key: key.clone() }, ReadItem::Built(item.clone()));
            prop_assert_eq!(&stored, &built);
            prop_assert_eq!(stored.to_json(), built.to_json());
            prop_assert_eq!(stored.names(), built.names());
            prop_assert!(stored.has_names(&names) && built.has_names(&names));
            prop_assert_eq!((stored.size(), built.size()), (size, size));
            prop_assert_eq!(stored.into_item(), item);
        }
    }

    #[test]
    fn equal_buffers_mean_equal_items(a in item(), b in item()) {
        prop_assert_eq!(PackedItem::encode(&a) == PackedItem::encode(&b), a == b);
    }

    #[test]
    fn key_values_order_as_dynamodb_orders_keys(a in key_value(), b in key_value()) {
        let (ka, kb) = (KeyVal::from_value(&a).expect("scalar"), KeyVal::from_value(&b).expect("scalar"));
        prop_assert_eq!(ka.to_value(), a.clone());
        prop_assert_eq!(ka.cmp(&kb), key_cmp(&a, &b));
        prop_assert_eq!(ka == kb, a == b);
    }
}

#[test]
fn a_packed_item_is_close_to_its_dynamodb_size() {
    let mut item = Item::new();
    item.insert("pk".into(), AttributeValue::S("customer#000123".into()));
    item.insert("sk".into(), AttributeValue::S("order#0012".into()));
    item.insert("price".into(), AttributeValue::N(Number::from_i64(12_345)));
    item.insert("name".into(), AttributeValue::S("product name 00000123".into()));
    let packed = PackedItem::encode(&item);
    // One length byte per name, one tag byte per value, one length byte per string, the count and the size.
    assert_eq!(packed.encoded_len(), item_size(&item) + 4 + 4 + 3 + 1 + 1);
    // As a table stores it: the two key values (15 + 10 bytes and their length bytes) stay outside.
    let stored = PackedItem::encode_without_keys(&item, item_size(&item) as u64, "pk", Some("sk"));
    assert_eq!(stored.encoded_len(), packed.encoded_len() - 15 - 10 - 2);
}
