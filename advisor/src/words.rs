//! The advisor's words in English and Turkish: findings, verdicts, pattern statuses and faults.
//!
//! Each entry is a whole sentence with `{argument}` holes, so Turkish can put the verb last. The seeds'
//! key terms (Partition Key, Sort Key, GSI, Scan, Query) stay as the Turkish source articles write
//! them; a DynamoDB error (`{type}: {message}`) is quoted as DynamoDB wrote it.

use alloc::string::String;

use messages::{Catalog, Lang, Message};

/// A sentence the advisor says: a [`Message`] from [`CATALOG`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Words(pub Message);

impl Words {
    pub fn render(&self, lang: Lang) -> String {
        render(&self.0, lang)
    }

    pub fn message(&self) -> &Message {
        &self.0
    }
}

impl Words {
    /// English: what an English-only caller (a test, an export) shows.
    pub fn en(&self) -> String {
        self.render(Lang::En)
    }
}

/// English, as [`Words::en`].
impl core::fmt::Display for Words {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.en())
    }
}

/// English, for callers that quote a finding in an English sentence of their own.
impl From<Words> for String {
    fn from(w: Words) -> String {
        w.render(Lang::En)
    }
}

/// `message` in `lang`, from the advisor's tables.
pub fn render(message: &Message, lang: Lang) -> String {
    CATALOG.render(message, lang)
}

pub const CATALOG: Catalog = Catalog { en: EN, tr: TR };

const EN: &[(&str, &str)] = &[
    // What a finding points at.
    ("target.model", "the model"),
    ("target.table", "table {table}"),
    ("target.index", "index {index} of {table}"),
    ("target.item", "item {key} in {table}"),
    ("target.pattern", "access pattern “{pattern}”"),
    // A DynamoDB error, quoted as DynamoDB wrote it.
    ("dynamodb.error", "{type}: {message}"),
    // Sizes.
    ("size.gb", "{gb} GB"),
    ("size.mb", "{mb} MB"),
    // The pattern table.
    ("index.none", "—"),
    ("index.main", "Main table"),
    ("index.table", "{table} table"),
    ("index.index", "{index}"),
    ("index.sparse", "{index} (sparse)"),
    ("status.single", "single request"),
    ("status.filter_discards", "filter discards most of what it reads"),
    ("status.scan_or_many", "Scan or several requests"),
    ("status.wrong_entities", "returns entity types it should not"),
    ("status.failed", "does not run"),
    // What the pattern table's key column says: the condition itself, or what stands for it.
    ("keycond.expression", "{condition}"),
    ("keycond.legacy", "KeyConditions (legacy)"),
    ("keycond.scan", "Scan"),
    ("keycond.scan.filter", "Scan, filter {filter}"),
    ("keycond.batch", "{keys} keys in one batch"),
    ("keycond.transaction", "{items} items in one transaction"),
    ("coverage", "{single} of {patterns} patterns served by a single request"),
    ("coverage.filtered", "{single} of {patterns} patterns served by a single request ({filtered} with a filter that discards most of what it reads)"),
    ("coverage.one", "{single} of {patterns} pattern served by a single request"),
    ("coverage.one.filtered", "{single} of {patterns} pattern served by a single request ({filtered} with a filter that discards most of what it reads)"),
    // A stored pattern that cannot run.
    ("pattern.no_operation", "operation: the pattern names no operation"),
    ("pattern.unknown_operation", "operation: {operation} is not an item operation (one of {known})"),
    ("pattern.no_request", "request: the pattern has no request"),
    ("pattern.bad_parameters", "parameters: expected an object of sample values (strings)"),
    ("pattern.bad_entity_types", "entityTypes: expected an array of entity names"),
    ("pattern.bad_rate", "ratePerSecond: expected a whole number of requests per second"),
    ("pattern.unknown_placeholder", "request: placeholder {{placeholder}} has no sample value in parameters"),
    ("pattern.unclosed", "request: unclosed '{' in {text} (write '{{' for a literal brace)"),
    // The pattern editor's form.
    ("draft.no_name", "The pattern needs a name"),
    ("draft.unknown_operation", "{operation} is not an item operation (one of {known})"),
    ("draft.request_not_object", "The request must be a JSON object (the action's input)"),
    ("draft.request_not_json", "Not JSON: {reason}"),
    ("draft.parameter", "Write each sample value as name=value: {part}"),
    ("draft.no_sample", "The request uses {placeholders} without a sample value"),
    ("draft.rate", "The rate is a whole number of requests per second"),
    // The model refused the edit (its own message, a DynamoDB error among them).
    ("draft.edit_failed", "{reason}"),
    // The verdict above the findings.
    ("summary.no_patterns", "No access patterns yet, so the advisor cannot judge this design: keys are good or bad only for the requests they must serve. To have it judged, add each request the application makes with “+ Access pattern” above, or open a template from the gallery to see a design with its patterns."),
    ("summary.no_patterns.dismissed", "No open findings ({dismissed} dismissed), but no access patterns yet, so the advisor cannot judge this design. To have it judged, add each request the application makes with “+ Access pattern” above, or open a template from the gallery to see a design with its patterns."),
    ("summary.no_patterns.one", "1 finding, from the data alone: with no access patterns yet, the advisor cannot judge the design for its requests. To have it judged, add each request the application makes with “+ Access pattern” above, or open a template from the gallery to see a design with its patterns."),
    ("summary.no_patterns.many", "{open} findings, from the data alone: with no access patterns yet, the advisor cannot judge the design for its requests. To have it judged, add each request the application makes with “+ Access pattern” above, or open a template from the gallery to see a design with its patterns."),
    ("summary.clean", "No findings: the design avoids every anti-pattern the advisor checks."),
    ("summary.dismissed", "No open findings ({dismissed} dismissed)."),
    ("summary.one", "1 finding"),
    ("summary.many", "{open} findings"),
    // scan-in-pattern
    ("finding.scan_in_pattern.title", "“{pattern}” is a Scan of {target}"),
    ("finding.scan_in_pattern.explanation", "A Scan reads every item of the table or index and pays for all of them, so it is slow and expensive at scale; the seeds name it the first anti-pattern on a critical request path."),
    ("finding.scan_in_pattern.explanation.figures", "A Scan reads every item of the table or index and pays for all of them, so it is slow and expensive at scale; the seeds name it the first anti-pattern on a critical request path. Here it read {read} items to return {returned} ({rcu} RCU); the cost grows with the table, not with the answer."),
    ("finding.scan_in_pattern.fix.filter", "Make {attribute} part of a key so one Query serves the pattern: a GSI whose partition key holds {attribute} (overloaded as GSI1PK = {prefix}#<value>), or a sparse GSI that only the wanted items carry; then Query it instead of scanning."),
    ("finding.scan_in_pattern.fix", "Redesign the keys so one Query serves the pattern: give the items it wants a shared partition key (an item collection) on the table or on a GSI, and Query that key."),
    // filter-ratio
    ("finding.filter_ratio.title", "“{pattern}” reads {read} items to return {returned}"),
    ("finding.filter_ratio.explanation", "The FilterExpression on {attribute} runs after the read, so every discarded item is still read and paid for ({rcu} RCU here for {returned} items returned); the key condition, not the filter, should select the items."),
    ("finding.filter_ratio.explanation.unnamed", "The FilterExpression runs after the read, so every discarded item is still read and paid for ({rcu} RCU here for {returned} items returned); the key condition, not the filter, should select the items."),
    ("finding.filter_ratio.fix", "Move {attribute} into the key: prefix {sort_key} with it ({prefix}#<value>#…) and use begins_with, or give only the wanted items a sparse GSI key and Query that index without a filter."),
    ("finding.filter_ratio.fix.no_sort_key", "Move {attribute} into the key: prefix the sort key with it ({prefix}#<value>#…) and use begins_with, or give only the wanted items a sparse GSI key and Query that index without a filter."),
    ("finding.filter_ratio.fix.unnamed", "Move the filtered attribute into the key: prefix the sort key with it and use begins_with, or give only the wanted items a sparse GSI key and Query that index without a filter."),
    // low-cardinality-key
    ("finding.synthetic_key.title", "{index} is keyed on strings built from {attributes}"),
    ("finding.synthetic_key.built", "{key} ({example}) joins {parts}"),
    ("finding.synthetic_key.built_both", "{first}; {second}"),
    ("finding.synthetic_key.explanation", "{built}, attributes every item holds anyway. The application builds these strings on every write and takes them apart on every read, numbers inside them sort as text, and adding such an index to existing items means writing the strings onto each of them first. A global secondary index can instead be keyed on the attributes themselves: up to four HASH and four RANGE attributes, compared one after another. Trade-off: {strict}, a prefix match (begins_with) works only within one attribute, PartiQL cannot read such an index, and one key attribute can no longer hold several entity types under different prefixes."),
    ("finding.synthetic_key.strict_hash", "a Query must give every HASH attribute with ="),
    ("finding.synthetic_key.strict_range", "a Query must give every HASH attribute with = and the RANGE attributes from left to right (a condition on {second} needs an equality on {first})"),
    ("finding.synthetic_key.fix", "Key {index} on {schema} instead, and stop writing {stop}."),
    ("finding.low_cardinality_key.title", "{attribute} has {values} values for {items} items"),
    ("finding.low_cardinality_key.explanation", "A partition key with few values ({values}) puts many items on few partitions: {top} alone holds {top_items} of {items}. Each partition serves at most 3,000 RCU and 1,000 WCU a second, so these keys become hot partitions and throttle (the seeds' low-cardinality anti-pattern)."),
    ("finding.low_cardinality_key.fix", "Add a high-cardinality component to {attribute} (USER#<id>, ORDER#<id>), or shard it: {top}#<0..9> with the suffix from hash(id) % 10, and read the 10 shards in parallel."),
    ("finding.low_cardinality_key.heat.title", "The simulator throttled {throttled} requests on key {key}"),
    ("finding.low_cardinality_key.heat.explanation", "Over {seconds} simulated seconds key {key} drew about {rate} units a second (RCU + 3 × WCU, Contributor Insights' unit) and {throttled} requests were throttled: one partition cannot serve more than 3,000 RCU and 1,000 WCU a second, whatever the table's capacity."),
    ("finding.low_cardinality_key.heat.fix", "Spread {key}: add a high-cardinality component to the key or write-shard it ({key}#<0..N-1>), so its traffic lands on several partitions."),
    // constant-gsi-key
    ("finding.constant_gsi_key.title", "{index} has a constant partition key ({value})"),
    ("finding.constant_gsi_key.explanation.entity", "The entity {entity} writes {attribute} = {value} on every item, so the whole index is one partition: a hot partition that serves at most 1,000 writes and 3,000 reads a second, and a GSI that cannot keep up throttles the table's writes. The seeds point out this risk for ALL_POSTS."),
    ("finding.constant_gsi_key.explanation.data", "All {items} items in the index have {attribute} = {value}, so the whole index is one partition: a hot partition that serves at most 1,000 writes and 3,000 reads a second, and a GSI that cannot keep up throttles the table's writes. The seeds point out this risk for ALL_POSTS."),
    ("finding.constant_gsi_key.fix", "Spread the key: add a time bucket ({value}#<yyyy-mm-dd>, and query today's bucket then yesterday's) or a shard suffix ({value}#<0..9>, querying the shards in parallel and merging by {sort_key})."),
    ("finding.constant_gsi_key.fix.no_sort_key", "Spread the key: add a time bucket ({value}#<yyyy-mm-dd>, and query today's bucket then yesterday's) or a shard suffix ({value}#<0..9>, querying the shards in parallel and merging by its sort key)."),
    // lsi-collection-size
    ("finding.lsi_collection_size.title", "Item collection {key} heads for the 10 GB LSI limit"),
    ("finding.lsi_collection_size.explanation", "{table} has a local secondary index ({indexes}), so every item with {attribute} = {key} and its LSI entries must fit in 10 GB; past that, writes to the collection fail with ItemCollectionSizeLimitExceededException. It holds {size} now."),
    ("finding.lsi_collection_size.explanation.growth", "{table} has a local secondary index ({indexes}), so every item with {attribute} = {key} and its LSI entries must fit in 10 GB; past that, writes to the collection fail with ItemCollectionSizeLimitExceededException. It holds {size} now. At the stated rate of {patterns} it grows by {per_day} a day and reaches 10 GB in {days} days."),
    ("finding.lsi_collection_size.fix", "Use a GSI instead of {indexes} (a GSI has no collection limit and can be added later), or split the collection: add a time bucket or shard to {attribute} ({key}#<yyyy-mm>)."),
    // item-size
    ("finding.item_size.title", "Item {key} is {kb} KB of the 400 KB limit"),
    ("finding.item_size.explanation", "An item cannot grow past 400 KB, and every read and write of this one pays for all {kb} KB ({rcu} RCU per strongly consistent read, {wcu} WCU per write)."),
    ("finding.item_size.fix", "Store the large attribute in S3 and keep its key (a pointer) in the item, or split the item into several items in the same item collection (same partition key, one sort key per part)."),
    ("finding.item_size.list.title", "A list in {key} grows without bound"),
    ("finding.item_size.list.title.bucket", "A list in {key} outgrows its time bucket"),
    ("finding.item_size.list.unbounded", "“{pattern}” appends to a list in item {key} with list_append, and nothing in the key ends the list: it grows with every write until the item hits 400 KB and the write fails, and every read pays for the whole list. {when}"),
    ("finding.item_size.list.when_rate", "At {rate} appends a second of about {bytes} bytes it reaches 400 KB in about {seconds} seconds."),
    ("finding.item_size.list.when", "Each append adds about {bytes} bytes; the item has {room_kb} KB of room left."),
    ("finding.item_size.list.bucket", "“{pattern}” appends about {bytes} bytes {rate} times a second to item {key}; its time bucket lasts {seconds} seconds, so the list would need {kb} KB, past the 400 KB limit, before the bucket ends."),
    ("finding.item_size.list.fix", "Write each element as its own item in the same item collection (same partition key, a sort key per element such as READING#<timestamp>), or bound the list with a time bucket in the key (the bucket pattern: one item per device per hour) small enough for the rate."),
    // projection
    ("finding.projection.over.title", "{index} projects ALL but its patterns read {attributes}"),
    ("finding.projection.over.title.keys", "{index} projects ALL but its patterns read only keys"),
    ("finding.projection.over.explanation", "Every pattern on {index} names the attributes it needs ({patterns}), {needed} of the {all} non-key attributes its items carry. Projecting ALL copies the rest too: more storage, and every change to any attribute is another GSI write."),
    ("finding.projection.over.fix.keys", "Set {index}'s projection to KEYS_ONLY."),
    ("finding.projection.fix", "Set {index}'s projection to INCLUDE with NonKeyAttributes [{attributes}]."),
    ("finding.projection.under.title", "“{pattern}” needs {missing} that {index} does not project"),
    ("finding.projection.under.explanation.gsi", "{index} holds only {held}, so the pattern must read the table again for {missing} — a GetItem per item returned, since a GSI cannot fetch from its table — doubling the requests and the read cost."),
    ("finding.projection.under.explanation.lsi", "{index} holds only {held}, so the pattern must read the table again for {missing} — an LSI fetches them from the table at an extra read per item — doubling the requests and the read cost."),
    ("finding.projection.under.fix", "Project them: set {index}'s projection to INCLUDE with NonKeyAttributes [{attributes}]."),
    // relational-tables
    ("finding.relational_tables.title", "{tables} tables joined like a relational schema"),
    ("finding.relational_tables.explanation", "The model keeps {tables} in separate tables and joins them in the application: {joins}. Reading one with its related items takes a request per table (and often a Scan or BatchGetItem), where one Query of an item collection would do."),
    ("finding.relational_tables.join", "{from}.{attribute} holds {to}'s {key}"),
    ("finding.relational_tables.joins", "{first}; {rest}"),
    ("finding.relational_tables.joins.none", ""),
    ("finding.relational_tables.fix", "Put them in one table with generic keys: items of {parent} under PK = {parent_prefix}#<{attribute}>, and each {child} item in the same partition (PK = {parent_prefix}#<{attribute}>, SK = {child_prefix}#<id>), so one Query returns a {parent} with its {child}; keep a Type attribute on every item."),
    // needless-transaction
    ("finding.needless_transaction.title", "“{pattern}” is a transaction of one item"),
    ("finding.needless_transaction.explanation.write", "{operation} with a single {action} buys nothing a single request does not already give — one item's write with its condition is atomic — and costs 2 WCU per KB instead of 1, with more latency."),
    ("finding.needless_transaction.explanation.read", "{operation} with a single {action} buys nothing a single request does not already give — one item's write with its condition is atomic — and costs 2 RCU per 4 KB instead of 1, with more latency."),
    ("finding.needless_transaction.fix.write", "Use {operation} with the same ConditionExpression; keep transactions for invariants that span several items."),
    ("finding.needless_transaction.fix.read", "Use GetItem (ConsistentRead if it must see the latest write); keep transactions for invariants that span several items."),
    // missing-type-attribute
    ("finding.missing_type_attribute.title", "{untyped} of {items} items in {table} say no entity type"),
    ("finding.missing_type_attribute.explanation", "{table} is a single-table design ({entities} entities), but {untyped} items carry no {attribute} value of any entity (first: {first}). Without it nothing in the item says what it is when keys look alike."),
    ("finding.missing_type_attribute.fix", "Give every item its entity's type attribute ({values}); items added through an entity get it automatically."),
    ("finding.missing_type_attribute.prefixes.title", "{table} holds {kinds} kinds of item and no Type attribute"),
    ("finding.missing_type_attribute.prefixes.explanation", "The partition keys of {table} carry the prefixes {prefixes}: several entities share the table, but no item has a Type attribute to say which it is."),
    ("finding.missing_type_attribute.prefixes.fix", "Add Type to every item ({values}), or declare the entities in the sidebar so each new item gets it."),
    // numbers-as-strings
    ("finding.numbers_as_strings.title", "{attribute} sorts numbers as text: {first} before {second}"),
    ("finding.numbers_as_strings.explanation", "{attribute} is a string (S) sort key, so DynamoDB orders it byte by byte: {first} comes before {second} although its number is larger. Ranges (BETWEEN, <, >) and newest-first reads on these keys return the wrong items."),
    ("finding.numbers_as_strings.fix.number", "Declare {attribute} as a number (AttributeType N), or zero-pad every value to {width} digits."),
    ("finding.numbers_as_strings.fix.pad", "Zero-pad the number to a fixed width ({example}, not {short}) in the key template, so text order is number order."),
    // hot-time-key
    ("finding.hot_time_key.title", "{attribute} is ordered by time: today's writes share one partition"),
    ("finding.hot_time_key.explanation", "Every value of {attribute} is a point in time ({values} values, latest {latest}), so all writes of the current period go to the same partition key — one partition, at most 1,000 WCU a second — while older partitions sit idle."),
    ("finding.hot_time_key.explanation.prefix", "Every value of {attribute} is a point in time behind the constant {prefix} ({values} values, latest {latest}), so all writes of the current period go to the same partition key — one partition, at most 1,000 WCU a second — while older partitions sit idle."),
    ("finding.hot_time_key.fix", "Lead the key with something of high cardinality and keep time in the sort key or as a bucket after it: {attribute} = {lead}<yyyy-mm>, SK = <timestamp>; or shard the period ({latest}#<0..9>)."),
    ("finding.hot_time_key.heat.title", "The simulator throttled {throttled} requests on the current period's key {key}"),
    ("finding.hot_time_key.heat.explanation", "Over {seconds} simulated seconds the writes of the current period all went to key {key}: one partition, at most 1,000 WCU a second, took them while the partitions of past periods sat idle, and {throttled} requests were throttled."),
    ("finding.hot_time_key.heat.fix", "Lead the key with something of high cardinality and keep the period after it ({lead}<period>), or shard the period ({key}#<0..9>)."),
    // pattern-fails
    ("finding.pattern_fails.title", "“{pattern}” does not run against this design"),
    ("finding.pattern_fails.explanation", "The pattern is part of what the design must serve, but its request fails: {error}. A key design is only done when every access pattern maps to a single Query or GetItem."),
    ("finding.pattern_fails.fix.index", "Give {table} an index {index} again (the keys the pattern's KeyConditionExpression names), or rewrite the pattern to Query an index that holds these items."),
    ("finding.pattern_fails.fix.table", "Create table {table}, or point the pattern at the table that holds these items."),
    ("finding.pattern_fails.fix.pattern", "Correct the pattern: {error}."),
    ("finding.pattern_fails.fix", "Change the keys or the request so that one Query or GetItem serves it: {error}."),
];

const TR: &[(&str, &str)] = &[
    ("target.model", "model"),
    ("target.table", "{table} tablosu"),
    ("target.index", "{table} tablosunun {index} dizini"),
    ("target.item", "{table} tablosundaki {key} öğesi"),
    ("target.pattern", "“{pattern}” erişim deseni"),
    ("dynamodb.error", "{type}: {message}"),
    ("size.gb", "{gb} GB"),
    ("size.mb", "{mb} MB"),
    ("index.none", "—"),
    ("index.main", "Ana tablo"),
    ("index.table", "{table} tablosu"),
    ("index.index", "{index}"),
    ("index.sparse", "{index} (seyrek)"),
    ("status.single", "tek istek"),
    ("status.filter_discards", "filtre, okuduklarının çoğunu atıyor"),
    ("status.scan_or_many", "Scan ya da birden çok istek"),
    ("status.wrong_entities", "döndürmemesi gereken varlık türleri döndürüyor"),
    ("status.failed", "çalışmıyor"),
    ("keycond.expression", "{condition}"),
    ("keycond.legacy", "KeyConditions (eski biçim)"),
    ("keycond.scan", "Scan"),
    ("keycond.scan.filter", "Scan, filtre {filter}"),
    ("keycond.batch", "tek bir batch'te {keys} anahtar"),
    ("keycond.transaction", "tek bir transaction'da {items} öğe"),
    ("coverage", "{patterns} desenden {single} tanesi tek istekle karşılanıyor"),
    ("coverage.filtered", "{patterns} desenden {single} tanesi tek istekle karşılanıyor ({filtered} tanesinde filtre, okuduklarının çoğunu atıyor)"),
    ("coverage.one", "{patterns} desenden {single} tanesi tek istekle karşılanıyor"),
    ("coverage.one.filtered", "{patterns} desenden {single} tanesi tek istekle karşılanıyor ({filtered} tanesinde filtre, okuduklarının çoğunu atıyor)"),
    ("pattern.no_operation", "operation: desen bir işlem belirtmiyor"),
    ("pattern.unknown_operation", "operation: {operation} bir öğe işlemi değil (şunlardan biri olmalı: {known})"),
    ("pattern.no_request", "request: desenin isteği yok"),
    ("pattern.bad_parameters", "parameters: örnek değerlerden (metin) oluşan bir nesne bekleniyor"),
    ("pattern.bad_entity_types", "entityTypes: varlık adlarından oluşan bir dizi bekleniyor"),
    ("pattern.bad_rate", "ratePerSecond: saniyedeki istek sayısı için bir tam sayı bekleniyor"),
    ("pattern.unknown_placeholder", "request: {{placeholder}} yer tutucusunun parameters içinde örnek değeri yok"),
    ("pattern.unclosed", "request: {text} içinde kapanmamış '{' var (süslü parantezin kendisi için '{{' yazın)"),
    ("draft.no_name", "Desenin bir adı olmalı"),
    ("draft.unknown_operation", "{operation} bir öğe işlemi değil (şunlardan biri olmalı: {known})"),
    ("draft.request_not_object", "İstek bir JSON nesnesi olmalı (işlemin girdisi)"),
    ("draft.request_not_json", "JSON değil: {reason}"),
    ("draft.parameter", "Her örnek değeri ad=değer biçiminde yazın: {part}"),
    ("draft.no_sample", "İstek {placeholders} kullanıyor ama örnek değeri yok"),
    ("draft.rate", "Hız, saniyedeki istek sayısını veren bir tam sayıdır"),
    ("draft.edit_failed", "{reason}"),
    ("summary.no_patterns", "Henüz erişim deseni yok, bu yüzden danışman bu tasarımı değerlendiremiyor: anahtarlar ancak karşılamaları gereken isteklere göre iyi ya da kötüdür. Değerlendirilmesi için uygulamanın yaptığı her isteği yukarıdaki “+ Erişim deseni” ile ekleyin ya da desenleriyle birlikte bir tasarım görmek için galeriden bir şablon açın."),
    ("summary.no_patterns.dismissed", "Açık bulgu yok ({dismissed} tanesi kapatıldı), ama henüz erişim deseni de yok, bu yüzden danışman bu tasarımı değerlendiremiyor. Değerlendirilmesi için uygulamanın yaptığı her isteği yukarıdaki “+ Erişim deseni” ile ekleyin ya da desenleriyle birlikte bir tasarım görmek için galeriden bir şablon açın."),
    ("summary.no_patterns.one", "1 bulgu, yalnızca verilere bakılarak: henüz erişim deseni olmadığından danışman tasarımı istekleri açısından değerlendiremiyor. Değerlendirilmesi için uygulamanın yaptığı her isteği yukarıdaki “+ Erişim deseni” ile ekleyin ya da desenleriyle birlikte bir tasarım görmek için galeriden bir şablon açın."),
    ("summary.no_patterns.many", "{open} bulgu, yalnızca verilere bakılarak: henüz erişim deseni olmadığından danışman tasarımı istekleri açısından değerlendiremiyor. Değerlendirilmesi için uygulamanın yaptığı her isteği yukarıdaki “+ Erişim deseni” ile ekleyin ya da desenleriyle birlikte bir tasarım görmek için galeriden bir şablon açın."),
    ("summary.clean", "Bulgu yok: tasarım, danışmanın denetlediği anti-pattern'lerin hiçbirine düşmüyor."),
    ("summary.dismissed", "Açık bulgu yok ({dismissed} tanesi kapatıldı)."),
    ("summary.one", "1 bulgu"),
    ("summary.many", "{open} bulgu"),
    ("finding.scan_in_pattern.title", "“{pattern}”, {target} üzerinde bir Scan"),
    ("finding.scan_in_pattern.explanation", "Scan, tablonun ya da dizinin her öğesini okur ve hepsinin bedelini öder; bu yüzden ölçek büyüdükçe yavaş ve pahalıdır. Kaynak yazılar, kritik bir istek yolundaki Scan'i ilk anti-pattern olarak anar."),
    ("finding.scan_in_pattern.explanation.figures", "Scan, tablonun ya da dizinin her öğesini okur ve hepsinin bedelini öder; bu yüzden ölçek büyüdükçe yavaş ve pahalıdır. Kaynak yazılar, kritik bir istek yolundaki Scan'i ilk anti-pattern olarak anar. Burada {returned} öğe döndürmek için {read} öğe okudu ({rcu} RCU); maliyet cevapla değil, tabloyla birlikte büyür."),
    ("finding.scan_in_pattern.fix.filter", "Deseni tek bir Query karşılasın diye {attribute} niteliğini bir anahtarın parçası yapın: Partition Key'i {attribute} değerini tutan bir GSI (GSI1PK = {prefix}#<değer> biçiminde aşırı yüklenmiş) ya da yalnızca istenen öğelerin taşıdığı seyrek bir GSI; sonra tarama yerine onu Query ile sorgulayın."),
    ("finding.scan_in_pattern.fix", "Anahtarları, deseni tek bir Query karşılayacak biçimde yeniden tasarlayın: desenin istediği öğelere tabloda ya da bir GSI'da ortak bir Partition Key verin (bir öğe koleksiyonu) ve o anahtarı Query ile sorgulayın."),
    ("finding.filter_ratio.title", "“{pattern}”, {returned} öğe döndürmek için {read} öğe okuyor"),
    ("finding.filter_ratio.explanation", "{attribute} üzerindeki FilterExpression okumadan sonra çalışır; atılan her öğe yine de okunur ve ödenir (burada döndürülen {returned} öğe için {rcu} RCU). Öğeleri filtre değil, anahtar koşulu seçmelidir."),
    ("finding.filter_ratio.explanation.unnamed", "FilterExpression okumadan sonra çalışır; atılan her öğe yine de okunur ve ödenir (burada döndürülen {returned} öğe için {rcu} RCU). Öğeleri filtre değil, anahtar koşulu seçmelidir."),
    ("finding.filter_ratio.fix", "{attribute} niteliğini anahtara taşıyın: {sort_key} değerinin başına ekleyip ({prefix}#<değer>#…) begins_with kullanın ya da yalnızca istenen öğelere seyrek bir GSI anahtarı verip o dizini filtresiz Query ile sorgulayın."),
    ("finding.filter_ratio.fix.no_sort_key", "{attribute} niteliğini anahtara taşıyın: Sort Key'in başına ekleyip ({prefix}#<değer>#…) begins_with kullanın ya da yalnızca istenen öğelere seyrek bir GSI anahtarı verip o dizini filtresiz Query ile sorgulayın."),
    ("finding.filter_ratio.fix.unnamed", "Filtrelenen niteliği anahtara taşıyın: Sort Key'in başına ekleyip begins_with kullanın ya da yalnızca istenen öğelere seyrek bir GSI anahtarı verip o dizini filtresiz Query ile sorgulayın."),
    ("finding.synthetic_key.title", "{index}, {attributes} niteliklerinden kurulan dizgelerle anahtarlanmış"),
    ("finding.synthetic_key.built", "{key} ({example}) {parts} niteliklerini birleştiriyor"),
    ("finding.synthetic_key.built_both", "{first}; {second}"),
    ("finding.synthetic_key.explanation", "{built}; bunlar her öğenin zaten taşıdığı nitelikler. Uygulama bu dizgeleri her yazmada kurar ve her okumada parçalar, içlerindeki sayılar metin olarak sıralanır ve böyle bir indeksi var olan öğelere eklemek önce bu dizgeleri her birine yazmak demektir. Bir global secondary index bunun yerine doğrudan bu niteliklerle anahtarlanabilir: en fazla dört HASH ve dört RANGE niteliği, sırayla karşılaştırılır. Ödünleşim: {strict}; önek eşleşmesi (begins_with) yalnızca tek bir nitelik içinde çalışır, PartiQL böyle bir indeksi okuyamaz ve bir anahtar niteliği artık farklı önekler altında birden çok varlık türü tutamaz."),
    ("finding.synthetic_key.strict_hash", "bir Query her HASH niteliğini = ile vermelidir"),
    ("finding.synthetic_key.strict_range", "bir Query her HASH niteliğini = ile, RANGE niteliklerini ise soldan sağa vermelidir ({second} üzerindeki bir koşul {first} üzerinde bir eşitlik gerektirir)"),
    ("finding.synthetic_key.fix", "{index} indeksini bunun yerine {schema} ile anahtarlayın ve {stop} yazmayı bırakın."),
    ("finding.low_cardinality_key.title", "{attribute}: {items} öğe için {values} değer"),
    ("finding.low_cardinality_key.explanation", "Az sayıda değeri olan bir Partition Key ({values}) çok sayıda öğeyi az sayıda partition'a yığar: yalnızca {top}, {items} öğenin {top_items} tanesini tutuyor. Her partition saniyede en çok 3.000 RCU ve 1.000 WCU karşılar; bu anahtarlar sıcak partition'a dönüşür ve istekler kısıtlanır (throttling; kaynak yazılardaki düşük kardinalite anti-pattern'i)."),
    ("finding.low_cardinality_key.fix", "{attribute} anahtarına yüksek kardinaliteli bir bileşen ekleyin (USER#<id>, ORDER#<id>) ya da onu parçalara bölün: son eki hash(id) % 10 olan {top}#<0..9> ile yazın ve 10 parçayı paralel okuyun."),
    ("finding.low_cardinality_key.heat.title", "Simülatör {key} anahtarındaki {throttled} isteği kısıtladı (throttling)"),
    ("finding.low_cardinality_key.heat.explanation", "{seconds} simüle saniye boyunca {key} anahtarı saniyede yaklaşık {rate} birim çekti (RCU + 3 × WCU, Contributor Insights'ın birimi) ve {throttled} istek kısıtlandı: tablonun kapasitesi ne olursa olsun, tek bir partition saniyede 3.000 RCU ve 1.000 WCU'dan fazlasını karşılayamaz."),
    ("finding.low_cardinality_key.heat.fix", "{key} anahtarını dağıtın: anahtara yüksek kardinaliteli bir bileşen ekleyin ya da yazmaları parçalara bölün ({key}#<0..N-1>), böylece trafiği birkaç partition'a yayılsın."),
    ("finding.constant_gsi_key.title", "{index} dizininin Partition Key'i sabit ({value})"),
    ("finding.constant_gsi_key.explanation.entity", "{entity} varlığı her öğeye {attribute} = {value} yazıyor, bu yüzden dizinin tamamı tek bir partition: saniyede en çok 1.000 yazma ve 3.000 okuma karşılayan sıcak bir partition. Yetişemeyen bir GSI tablonun yazmalarını da kısıtlar. Kaynak yazılar bu riske ALL_POSTS örneğiyle dikkat çeker."),
    ("finding.constant_gsi_key.explanation.data", "Dizindeki {items} öğenin hepsinde {attribute} = {value}, bu yüzden dizinin tamamı tek bir partition: saniyede en çok 1.000 yazma ve 3.000 okuma karşılayan sıcak bir partition. Yetişemeyen bir GSI tablonun yazmalarını da kısıtlar. Kaynak yazılar bu riske ALL_POSTS örneğiyle dikkat çeker."),
    ("finding.constant_gsi_key.fix", "Anahtarı dağıtın: bir zaman kovası ekleyin ({value}#<yyyy-mm-dd>; önce bugünün, sonra dünün kovasını sorgulayın) ya da bir parça son eki ekleyin ({value}#<0..9>; parçaları paralel sorgulayıp {sort_key} değerine göre birleştirin)."),
    ("finding.constant_gsi_key.fix.no_sort_key", "Anahtarı dağıtın: bir zaman kovası ekleyin ({value}#<yyyy-mm-dd>; önce bugünün, sonra dünün kovasını sorgulayın) ya da bir parça son eki ekleyin ({value}#<0..9>; parçaları paralel sorgulayıp Sort Key'e göre birleştirin)."),
    ("finding.lsi_collection_size.title", "{key} öğe koleksiyonu 10 GB'lık LSI sınırına ilerliyor"),
    ("finding.lsi_collection_size.explanation", "{table} tablosunun bir yerel ikincil dizini ({indexes}) var; bu yüzden {attribute} = {key} olan her öğe LSI girdileriyle birlikte 10 GB'a sığmalı. Bu sınır aşılınca koleksiyona yazmalar ItemCollectionSizeLimitExceededException ile başarısız olur. Koleksiyon şu an {size}."),
    ("finding.lsi_collection_size.explanation.growth", "{table} tablosunun bir yerel ikincil dizini ({indexes}) var; bu yüzden {attribute} = {key} olan her öğe LSI girdileriyle birlikte 10 GB'a sığmalı. Bu sınır aşılınca koleksiyona yazmalar ItemCollectionSizeLimitExceededException ile başarısız olur. Koleksiyon şu an {size}. Belirtilen hızla ({patterns}) günde {per_day} büyüyor ve {days} günde 10 GB'a ulaşıyor."),
    ("finding.lsi_collection_size.fix", "{indexes} yerine bir GSI kullanın (GSI'ın koleksiyon sınırı yoktur ve sonradan eklenebilir) ya da koleksiyonu bölün: {attribute} anahtarına bir zaman kovası ya da parça ekleyin ({key}#<yyyy-mm>)."),
    ("finding.item_size.title", "{key} öğesi 400 KB sınırının {kb} KB'ını kullanıyor"),
    ("finding.item_size.explanation", "Bir öğe 400 KB'ı aşamaz ve bu öğenin her okuması ve yazması {kb} KB'ın tamamının bedelini öder (güçlü tutarlı okuma başına {rcu} RCU, yazma başına {wcu} WCU)."),
    ("finding.item_size.fix", "Büyük niteliği S3'te saklayıp öğede yalnızca anahtarını (bir işaretçi) tutun ya da öğeyi aynı öğe koleksiyonunda birkaç öğeye bölün (aynı Partition Key, her parça için bir Sort Key)."),
    ("finding.item_size.list.title", "{key} içindeki bir liste sınırsız büyüyor"),
    ("finding.item_size.list.title.bucket", "{key} içindeki bir liste zaman kovasına sığmıyor"),
    ("finding.item_size.list.unbounded", "“{pattern}”, {key} öğesindeki bir listeye list_append ile ekleme yapıyor ve anahtardaki hiçbir şey listeyi bitirmiyor: liste her yazmada büyür, öğe 400 KB'a ulaşınca yazma başarısız olur; her okuma da listenin tamamını öder. {when}"),
    ("finding.item_size.list.when_rate", "Saniyede yaklaşık {bytes} baytlık {rate} eklemeyle yaklaşık {seconds} saniyede 400 KB'a ulaşır."),
    ("finding.item_size.list.when", "Her ekleme yaklaşık {bytes} bayt ekliyor; öğede {room_kb} KB yer kaldı."),
    ("finding.item_size.list.bucket", "“{pattern}”, {key} öğesine saniyede {rate} kez yaklaşık {bytes} bayt ekliyor; zaman kovası {seconds} saniye sürdüğünden liste, kova bitmeden 400 KB sınırını aşarak {kb} KB'a ihtiyaç duyar."),
    ("finding.item_size.list.fix", "Her elemanı aynı öğe koleksiyonunda kendi öğesi olarak yazın (aynı Partition Key, her eleman için READING#<zaman damgası> gibi bir Sort Key) ya da listeyi anahtardaki, bu hıza yetecek kadar küçük bir zaman kovasıyla sınırlayın (kova deseni: cihaz başına saatte bir öğe)."),
    ("finding.projection.over.title", "{index} ALL yansıtıyor ama desenleri yalnızca {attributes} okuyor"),
    ("finding.projection.over.title.keys", "{index} ALL yansıtıyor ama desenleri yalnızca anahtarları okuyor"),
    ("finding.projection.over.explanation", "{index} üzerindeki her desen ihtiyaç duyduğu nitelikleri belirtiyor ({patterns}): öğelerin taşıdığı {all} anahtar dışı nitelikten {needed} tanesi. ALL yansıtmak geri kalanları da kopyalar: daha çok depolama ve herhangi bir niteliğin her değişikliği bir GSI yazması daha demek."),
    ("finding.projection.over.fix.keys", "{index} dizininin projeksiyonunu KEYS_ONLY yapın."),
    ("finding.projection.fix", "{index} dizininin projeksiyonunu NonKeyAttributes [{attributes}] ile INCLUDE yapın."),
    ("finding.projection.under.title", "“{pattern}”, {index} dizininin yansıtmadığı {missing} niteliklerine ihtiyaç duyuyor"),
    ("finding.projection.under.explanation.gsi", "{index} yalnızca {held} tutuyor; desen {missing} için tabloyu yeniden okumak zorunda — GSI tablosundan veri getiremediği için döndürülen her öğe başına bir GetItem — bu da istekleri ve okuma maliyetini ikiye katlar."),
    ("finding.projection.under.explanation.lsi", "{index} yalnızca {held} tutuyor; desen {missing} için tabloyu yeniden okumak zorunda — LSI bunları öğe başına fazladan bir okumayla tablodan getirir — bu da istekleri ve okuma maliyetini ikiye katlar."),
    ("finding.projection.under.fix", "Bunları yansıtın: {index} dizininin projeksiyonunu NonKeyAttributes [{attributes}] ile INCLUDE yapın."),
    ("finding.relational_tables.title", "{tables} tablo ilişkisel bir şema gibi birleştiriliyor"),
    ("finding.relational_tables.explanation", "Model {tables} tablolarını ayrı tutuyor ve uygulamada birleştiriyor: {joins}. Birini ilişkili öğeleriyle okumak tablo başına bir istek alır (çoğu zaman bir Scan ya da BatchGetItem); oysa bir öğe koleksiyonuna tek bir Query yeterdi."),
    ("finding.relational_tables.join", "{from}.{attribute}, {to} tablosunun {key} değerini tutuyor"),
    ("finding.relational_tables.joins", "{first}; {rest}"),
    ("finding.relational_tables.joins.none", ""),
    ("finding.relational_tables.fix", "Hepsini genel anahtarlarla tek tabloya koyun: {parent} öğeleri PK = {parent_prefix}#<{attribute}> altında, her {child} öğesi de aynı partition'da (PK = {parent_prefix}#<{attribute}>, SK = {child_prefix}#<id>); böylece tek bir Query bir {parent} öğesini {child} öğeleriyle birlikte döndürür. Her öğede bir Type niteliği tutun."),
    ("finding.needless_transaction.title", "“{pattern}” tek öğelik bir transaction"),
    ("finding.needless_transaction.explanation.write", "Tek bir {action} içeren {operation}, tek bir isteğin zaten sağladığından fazlasını vermez — tek öğenin koşullu yazması zaten atomiktir — ve KB başına 1 yerine 2 WCU tutar, gecikmesi de daha fazladır."),
    ("finding.needless_transaction.explanation.read", "Tek bir {action} içeren {operation}, tek bir isteğin zaten sağladığından fazlasını vermez — tek öğenin koşullu yazması zaten atomiktir — ve 4 KB başına 1 yerine 2 RCU tutar, gecikmesi de daha fazladır."),
    ("finding.needless_transaction.fix.write", "Aynı ConditionExpression ile {operation} kullanın; transaction'ları birden çok öğeye yayılan kurallar için saklayın."),
    ("finding.needless_transaction.fix.read", "GetItem kullanın (en son yazmayı görmesi gerekiyorsa ConsistentRead ile); transaction'ları birden çok öğeye yayılan kurallar için saklayın."),
    ("finding.missing_type_attribute.title", "{table} tablosundaki {items} öğeden {untyped} tanesi varlık türü belirtmiyor"),
    ("finding.missing_type_attribute.explanation", "{table} bir tek tablo tasarımı ({entities} varlık), ama {untyped} öğe hiçbir varlığın {attribute} değerini taşımıyor (ilki: {first}). Bu nitelik olmadan, anahtarlar birbirine benzediğinde öğenin ne olduğunu öğedeki hiçbir şey söylemez."),
    ("finding.missing_type_attribute.fix", "Her öğeye varlığının tür niteliğini verin ({values}); bir varlık üzerinden eklenen öğeler bunu kendiliğinden alır."),
    ("finding.missing_type_attribute.prefixes.title", "{table} tablosu {kinds} tür öğe tutuyor ve Type niteliği yok"),
    ("finding.missing_type_attribute.prefixes.explanation", "{table} tablosunun Partition Key değerleri şu önekleri taşıyor: {prefixes}. Tabloyu birkaç varlık paylaşıyor ama hiçbir öğede hangisi olduğunu söyleyen bir Type niteliği yok."),
    ("finding.missing_type_attribute.prefixes.fix", "Her öğeye Type ekleyin ({values}) ya da her yeni öğe bunu alsın diye varlıkları kenar çubuğunda tanımlayın."),
    ("finding.numbers_as_strings.title", "{attribute} sayıları metin gibi sıralıyor: {first}, {second} değerinden önce"),
    ("finding.numbers_as_strings.explanation", "{attribute} metin (S) türünde bir Sort Key, bu yüzden DynamoDB onu bayt bayt sıralar: sayısı daha büyük olduğu hâlde {first}, {second} değerinden önce gelir. Bu anahtarlardaki aralıklar (BETWEEN, <, >) ve en yeniden başlayan okumalar yanlış öğeleri döndürür."),
    ("finding.numbers_as_strings.fix.number", "{attribute} niteliğini sayı olarak tanımlayın (AttributeType N) ya da her değeri başına sıfır koyarak {width} haneye tamamlayın."),
    ("finding.numbers_as_strings.fix.pad", "Anahtar şablonunda sayıyı başına sıfır koyarak sabit genişliğe tamamlayın ({short} değil, {example}); böylece metin sırası sayı sırası olur."),
    ("finding.hot_time_key.title", "{attribute} zamana göre sıralı: bugünün yazmaları tek bir partition'ı paylaşıyor"),
    ("finding.hot_time_key.explanation", "{attribute} niteliğinin her değeri bir zaman noktası ({values} değer, en yenisi {latest}); bu yüzden geçerli dönemin bütün yazmaları aynı Partition Key'e gider — tek bir partition, saniyede en çok 1.000 WCU — eski partition'lar ise boşta bekler."),
    ("finding.hot_time_key.explanation.prefix", "{attribute} niteliğinin her değeri, sabit {prefix} önekinin ardından gelen bir zaman noktası ({values} değer, en yenisi {latest}); bu yüzden geçerli dönemin bütün yazmaları aynı Partition Key'e gider — tek bir partition, saniyede en çok 1.000 WCU — eski partition'lar ise boşta bekler."),
    ("finding.hot_time_key.fix", "Anahtarı yüksek kardinaliteli bir şeyle başlatın ve zamanı Sort Key'de ya da ondan sonra gelen bir kovada tutun: {attribute} = {lead}<yyyy-mm>, SK = <zaman damgası>; ya da dönemi parçalara bölün ({latest}#<0..9>)."),
    ("finding.hot_time_key.heat.title", "Simülatör, geçerli dönemin {key} anahtarındaki {throttled} isteği kısıtladı"),
    ("finding.hot_time_key.heat.explanation", "{seconds} simüle saniye boyunca geçerli dönemin bütün yazmaları {key} anahtarına gitti: saniyede en çok 1.000 WCU karşılayan tek bir partition hepsini üstlendi, geçmiş dönemlerin partition'ları ise boşta kaldı ve {throttled} istek kısıtlandı."),
    ("finding.hot_time_key.heat.fix", "Anahtarı yüksek kardinaliteli bir şeyle başlatın ve dönemi ondan sonra tutun ({lead}<dönem>) ya da dönemi parçalara bölün ({key}#<0..9>)."),
    ("finding.pattern_fails.title", "“{pattern}” bu tasarımda çalışmıyor"),
    ("finding.pattern_fails.explanation", "Desen, tasarımın karşılaması gerekenlerin bir parçası, ama isteği başarısız oluyor: {error}. Bir anahtar tasarımı ancak her erişim deseni tek bir Query ya da GetItem'a karşılık geldiğinde tamamlanmış olur."),
    ("finding.pattern_fails.fix.index", "{table} tablosuna {index} dizinini yeniden verin (desenin KeyConditionExpression'ının andığı anahtarlarla) ya da deseni bu öğeleri tutan bir dizini Query ile sorgulayacak biçimde yeniden yazın."),
    ("finding.pattern_fails.fix.table", "{table} tablosunu oluşturun ya da deseni bu öğeleri tutan tabloya yönlendirin."),
    ("finding.pattern_fails.fix.pattern", "Deseni düzeltin: {error}."),
    ("finding.pattern_fails.fix", "Anahtarları ya da isteği, deseni tek bir Query ya da GetItem karşılayacak biçimde değiştirin: {error}."),
];
