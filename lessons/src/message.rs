//! What the crate says, as message keys with typed arguments: the UI picks the language
//! (`check.pattern.scan` → English or Turkish), and numbers, money and lists are formatted by the
//! language that shows them (`10,000` in English, `10.000` in Turkish), never glued into a sentence here.
//!
//! [`render`] shows a message in a language: English from the [`EN`] table ([`render_en`]), Turkish from
//! the [`TR`] table ([`render_tr`]). Both tables have the same keys and each key the same `{argument}`
//! names (a test holds them to it); sentences are whole templates, so a language orders the arguments
//! as its grammar needs, and a part that is itself a message (a `where` clause, a billing mode) is
//! placed by each language's template where that language puts it. Names, values and DynamoDB's own
//! error messages are arguments and stay as they are in every language.

use alloc::string::String;

pub use messages::{Arg, Message};
use messages::{Catalog, Lang};

/// The lessons' words in both languages.
pub const CATALOG: Catalog = Catalog { en: EN, tr: TR };

/// English text of every message key. `{name}` is replaced by the argument of that name.
pub const EN: &[(&str, &str)] = &[
    // The lesson file: where it is wrong and why.
    ("lesson.file.not_utf8", "The lesson file is not UTF-8 text."),
    ("lesson.front_matter.missing", "A lesson file starts with front matter: a line `---`, `key: value` lines, and a closing `---`."),
    ("lesson.front_matter.unclosed", "The front matter has no closing `---` line."),
    ("lesson.front_matter.not_key_value", "Expected `key: value` in the front matter, found “{found}”."),
    ("lesson.front_matter.unknown_key", "Unknown front matter key “{key}” (one of {known})."),
    ("lesson.front_matter.duplicate_key", "“{key}” is given twice in the front matter."),
    ("lesson.front_matter.bad_quotes", "The value of “{key}” opens a quote it does not close."),
    ("lesson.field.missing", "The lesson needs “{field}”."),
    ("lesson.field.empty", "“{field}” is empty."),
    ("lesson.lang.unknown", "Unknown language “{lang}” (one of {known})."),
    ("lesson.id.invalid", "“{id}” is not a valid id: use lower-case letters, digits and dashes, starting with a letter."),
    ("lesson.title_heading", "The lesson's title goes in the front matter (`title:`), not in a `#` heading."),
    ("lesson.no_steps", "The lesson has no steps: each step is a `## Title {#step-id}` heading."),
    ("lesson.step.no_id", "Step “{title}” has no id: write its heading as `## {title} {#an-id}`."),
    ("lesson.step.duplicate_id", "Two steps have the id “{id}”."),
    ("lesson.step.no_instructions", "Step “{id}” has no instructions."),
    ("lesson.step.first_continues", "The first step cannot continue from an earlier one: give it a `start` block (a template or a model)."),
    ("lesson.block.twice", "Step “{id}” has two `{block}` blocks."),
    ("lesson.block.nested", "A `{block}` block must stand on its own, not inside a list or a quote."),
    ("lesson.block.outside_step", "A `{block}` block belongs to a step: put it after a `## Step {#id}` heading."),
    ("lesson.hint.outside_step", "A hint belongs to a step: put it after a `## Step {#id}` heading."),
    ("lesson.hint.empty", "A hint has no text."),
    ("lesson.html", "Raw HTML is not allowed in a lesson (it is shown as text): write Markdown instead."),
    ("lesson.start.invalid", "A `start` block holds `continue`, `template <name>` or a model file (JSON): found “{found}”"),
    ("lesson.start.unknown_template", "There is no template “{template}”."),
    ("lesson.start.model", "The start model does not read: {reason}"),
    ("lesson.json", "{reason}"),
    ("lesson.json.at", "{path}: {reason}"),
    ("lesson.check.duplicate_id", "Two checks have the id “{id}”."),
    ("lesson.check.no_id", "A check starts with its id and a colon: `orders-one-query: pattern \"A user's orders\" is one request`."),
    ("lesson.check.continuation", "This line is indented, so it continues a check, but no check comes before it."),
    // Check syntax.
    ("check.syntax.expected", "Expected {expected}, found {found}."),
    ("check.syntax.end", "the end of the line"),
    ("check.syntax.end_of_check", "the end of the check"),
    ("check.syntax.quoted", "“{text}”"),
    ("check.syntax.one_of", "one of {options}"),
    ("check.syntax.a_word", "a word"),
    ("check.syntax.a_name", "a name"),
    ("check.syntax.a_json_object", "a JSON object ({…})"),
    ("check.syntax.unknown_kind", "A check starts with one of {known}; found {found}."),
    ("check.syntax.number", "Expected a whole number, found {found}."),
    ("check.syntax.percent", "Expected a share of the ceiling from 1% to 100%, found {found}."),
    ("check.syntax.money", "Expected an amount in dollars such as $120 or $99.50, found {found}."),
    ("check.syntax.json", "Expected a JSON object: {reason}"),
    ("check.syntax.string", "A quoted name is a JSON string: {reason}"),
    ("check.syntax.rule", "Unknown advisor rule “{rule}” (one of {known})."),
    ("check.syntax.operation", "Unknown operation “{operation}” (one of {known})."),
    ("check.syntax.key_type", "Key type “{found}” is not one of S, N, B."),
    ("check.syntax.keys", "A key has one or two attributes; found {count}."),
    // Evaluation: the model itself.
    ("check.model.does_not_load", "The model does not load, so nothing can be checked: {reason}"),
    // Access patterns.
    ("check.pattern.missing", "There is no access pattern named “{pattern}”."),
    ("check.pattern.does_not_run", "“{pattern}” does not run: {reason}"),
    ("check.pattern.requests.pass", "“{pattern}” is served by {requests} request(s): {operation} on {target}."),
    ("check.pattern.requests.scan", "“{pattern}” is a Scan: it reads {read} items of the whole table to return {returned}."),
    ("check.pattern.requests.many", "“{pattern}” takes {requests} requests (at most {max} expected): {operation} on {target}."),
    ("check.pattern.returns.pass", "“{pattern}” returns {returned} items, all of them {entities}."),
    ("check.pattern.returns.nothing", "“{pattern}” returns no items; it should return {expected}."),
    ("check.pattern.returns.other", "“{pattern}” returns {entities}; only {expected} expected (it also returns {unexpected})."),
    ("check.pattern.untyped", "items of no entity type"),
    ("check.pattern.reads.pass", "“{pattern}” reads {read} items to return {returned} (at most {max})."),
    ("check.pattern.reads.fail", "“{pattern}” reads {read} items to return {returned}; at most {max} expected."),
    ("check.answer.pass", "“{request}” answers as expected."),
    ("check.answer.differs", "“{request}” answers {member} = {found}; expected {expected}."),
    ("check.answer.missing", "“{request}” answers no {member}; expected {expected}."),
    ("check.answer.error", "“{request}” fails with {found}; expected {expected}."),
    ("check.answer.success", "a successful answer"),
    ("check.request.on", "{operation} on {target}"),
    ("check.request.named", "{name}"),
    // Tables and indexes.
    ("check.table.missing", "There is no table {table}."),
    ("check.table.keyed.pass", "{table} is keyed on {keys}."),
    ("check.table.keyed.fail", "{table} is keyed on {found}; expected {expected}."),
    ("check.table.billing.pass", "{table} is billed {mode}."),
    ("check.table.billing.fail", "{table} is billed {found}; expected {expected}."),
    ("check.table.ttl.pass", "{table} expires items by {attribute}."),
    ("check.table.ttl.none", "{table} has no time to live; expected it on {attribute}."),
    ("check.table.ttl.other", "{table} expires items by {found}; expected {attribute}."),
    ("check.index.gsi", "a global secondary index"),
    ("check.index.lsi", "a local secondary index"),
    ("check.index.missing", "{table} has no index {index}."),
    ("check.index.kind", "{index} on {table} is {found}; expected {expected}."),
    ("check.index.keyed.pass", "{index} on {table} is keyed on {keys}, projecting {projection}."),
    ("check.index.keyed.fail", "{index} is keyed on {found} ({distinct} distinct values for {items} items); expected {expected}."),
    ("check.index.projection.fail", "{index} projects {found}; expected {expected}."),
    // Items of an entity.
    ("check.entity.missing", "There is no entity type {entity}."),
    ("check.entity.no_items", "There is no {entity} item{filter}."),
    ("check.items.some.pass", "{with} of {total} {entity} items{filter} carry {attribute}."),
    ("check.items.some.fail", "None of the {total} {entity} items{filter} carries {attribute}."),
    ("check.items.every.pass", "All {total} {entity} items{filter} carry {attribute}."),
    ("check.items.every.fail", "{without} of {total} {entity} items{filter} lack {attribute}, such as {key}."),
    ("check.items.no.pass", "None of the {total} {entity} items{filter} carries {attribute}."),
    ("check.items.no.fail", "{with} of {total} {entity} items{filter} carry {attribute}, such as {key}."),
    ("check.items.filter", " where {attribute} = {value}"),
    // Advisor findings.
    ("check.finding.present.pass", "The advisor finds {rule} on {target}: {title}"),
    ("check.finding.present.fail", "The advisor finds no {rule}{on}."),
    ("check.finding.absent.pass", "The advisor finds no {rule}{on}."),
    ("check.finding.absent.fail", "The advisor still finds {rule} on {target}: {title}"),
    ("check.finding.on", " on {target}"),
    // Workloads (the simulator).
    ("check.workload.missing", "There is no workload named “{workload}”."),
    ("check.workload.invalid", "Workload “{workload}” does not run: {reason}"),
    ("check.workload.throttles.pass", "“{workload}”: all {requests} requests served, none throttled."),
    ("check.workload.throttles.fail", "“{workload}”: {throttled} of {requests} requests throttled, most on {target} ({reason})."),
    ("check.workload.partition.pass", "“{workload}”: the hottest partition, {partition}, peaks at {share} of its ceiling (under {limit})."),
    ("check.workload.partition.fail", "“{workload}”: {partition} reaches {share} of its ceiling at second {second}; under {limit} expected."),
    ("check.workload.cost.pass", "“{workload}” costs {cost} a month {mode} (under {limit})."),
    ("check.workload.cost.fail", "“{workload}” costs {cost} a month {mode}; under {limit} expected."),
    ("check.billing.as_billed", "as billed"),
    ("check.nothing", ""),
    ("sim.reason.partition_limit", "a partition's ceiling"),
    ("sim.reason.provisioned_exceeded", "provisioned capacity spent"),
    ("sim.reason.on_demand_limit", "on-demand warm throughput reached"),
    ("sim.reason.index_back_pressure", "GSI back-pressure"),
    ("check.billing.on_demand", "on-demand"),
    ("check.billing.provisioned", "provisioned"),
    // Solutions and setups.
    ("edit.no_table", "Edit {edit}: there is no table {table}."),
    ("edit.no_entity", "Edit {edit}: table {table} has no entity {entity}."),
    ("edit.no_item", "Edit {edit}: table {table} has no item {key}."),
    ("edit.no_pattern", "Edit {edit}: there is no access pattern “{pattern}”."),
    ("edit.no_workload", "Edit {edit}: there is no workload “{workload}”."),
    ("edit.no_index", "Edit {edit}: table {table} has no index {index}."),
    ("edit.table.no_name", "Edit {edit}: a table edit is the CreateTable input, with its TableName."),
    ("edit.table.not_object", "Edit {edit}: the definition of table {table} is not a JSON object."),
    ("edit.table.not_list", "Edit {edit}: {field} of table {table} is not a list."),
    ("edit.gsi.no_name", "Edit {edit}: a GSI edit's index is the GlobalSecondaryIndexes entry, with its IndexName."),
    ("edit.gsi.no_key_schema", "Edit {edit}: GSI {index} has no KeySchema."),
    ("edit.entity.template_not_string", "Edit {edit}: the key template of {attribute} is not a string."),
    ("edit.rekey.item", "Edit {edit}: item {item} of table {table} does not read: {reason}"),
    ("edit.rekey.build", "Edit {edit}: the keys of item {item} of table {table} cannot be built from the {entity} templates: {reason}"),
    ("edit.invalid", "Edit {edit}: {reason}"),
    ("edit.model", "The model after the edits does not read: {reason}"),
];

/// Turkish text of every message key, with the same `{name}` arguments as [`EN`].
pub const TR: &[(&str, &str)] = &[
    // Ders dosyası: nerede ve neden yanlış.
    ("lesson.file.not_utf8", "Ders dosyası UTF-8 metin değil."),
    ("lesson.front_matter.missing", "Bir ders dosyası front matter ile başlar: bir `---` satırı, `key: value` biçiminde satırlar ve kapanış `---` satırı."),
    ("lesson.front_matter.unclosed", "Front matter'ın kapanış `---` satırı yok."),
    ("lesson.front_matter.not_key_value", "Front matter'da `key: value` bekleniyordu, “{found}” bulundu."),
    ("lesson.front_matter.unknown_key", "Front matter'da bilinmeyen anahtar: “{key}” (geçerli olanlar: {known})."),
    ("lesson.front_matter.duplicate_key", "“{key}” front matter'da iki kez verilmiş."),
    ("lesson.front_matter.bad_quotes", "“{key}” değeri açtığı tırnağı kapatmıyor."),
    ("lesson.field.missing", "Derste “{field}” alanı olmalı."),
    ("lesson.field.empty", "“{field}” boş."),
    ("lesson.lang.unknown", "Bilinmeyen dil: “{lang}” (geçerli olanlar: {known})."),
    ("lesson.id.invalid", "“{id}” geçerli bir kimlik değil: küçük harf, rakam ve tire kullanın; ilk karakter bir harf olsun."),
    ("lesson.title_heading", "Dersin başlığı bir `#` başlığına değil, front matter'a (`title:`) yazılır."),
    ("lesson.no_steps", "Dersin hiç adımı yok: her adım bir `## Başlık {#adim-kimligi}` başlığıdır."),
    ("lesson.step.no_id", "“{title}” adımının kimliği yok: başlığını `## {title} {#bir-kimlik}` biçiminde yazın."),
    ("lesson.step.duplicate_id", "İki adımın kimliği aynı: “{id}”."),
    ("lesson.step.no_instructions", "“{id}” adımında yönerge yok."),
    ("lesson.step.first_continues", "İlk adım önceki bir adımdan devam edemez: ona bir `start` bloğu verin (bir şablon ya da bir model)."),
    ("lesson.block.twice", "“{id}” adımında iki `{block}` bloğu var."),
    ("lesson.block.nested", "Bir `{block}` bloğu bir listenin ya da alıntının içinde değil, kendi başına durmalı."),
    ("lesson.block.outside_step", "Bir `{block}` bloğu bir adıma aittir: onu bir `## Adım {#kimlik}` başlığından sonra koyun."),
    ("lesson.hint.outside_step", "Bir ipucu bir adıma aittir: onu bir `## Adım {#kimlik}` başlığından sonra koyun."),
    ("lesson.hint.empty", "Bir ipucunun metni yok."),
    ("lesson.html", "Derste ham HTML kullanılamaz (metin olarak gösterilir): bunun yerine Markdown yazın."),
    ("lesson.start.invalid", "Bir `start` bloğu `continue`, `template <ad>` ya da bir model dosyası (JSON) içerir: “{found}” bulundu"),
    ("lesson.start.unknown_template", "“{template}” adında bir şablon yok."),
    ("lesson.start.model", "Başlangıç modeli okunamıyor: {reason}"),
    ("lesson.json", "{reason}"),
    ("lesson.json.at", "{path}: {reason}"),
    ("lesson.check.duplicate_id", "İki kontrolün kimliği aynı: “{id}”."),
    ("lesson.check.no_id", "Bir kontrol, kimliği ve iki nokta üst üste ile başlar: `orders-one-query: pattern \"A user's orders\" is one request`."),
    ("lesson.check.continuation", "Bu satır girintili, yani bir kontrolün devamı; ama ondan önce hiç kontrol yok."),
    // Kontrol sözdizimi (kontrol dili İngilizce kelimelerle yazılır; tırnak içindekiler yazıldığı gibi kalır).
    ("check.syntax.expected", "Beklenen: {expected}; bulunan: {found}."),
    ("check.syntax.end", "satırın sonu"),
    ("check.syntax.end_of_check", "kontrolün sonu"),
    ("check.syntax.quoted", "“{text}”"),
    ("check.syntax.one_of", "şunlardan biri: {options}"),
    ("check.syntax.a_word", "bir kelime"),
    ("check.syntax.a_name", "bir ad"),
    ("check.syntax.a_json_object", "bir JSON nesnesi ({…})"),
    ("check.syntax.unknown_kind", "Bir kontrol şu kelimelerden biriyle başlar: {known}; bulunan: {found}."),
    ("check.syntax.number", "Beklenen: bir tam sayı; bulunan: {found}."),
    ("check.syntax.percent", "Beklenen: tavanın payı, 1% ile 100% arasında; bulunan: {found}."),
    ("check.syntax.money", "Beklenen: $120 ya da $99.50 gibi dolar cinsinden bir tutar; bulunan: {found}."),
    ("check.syntax.json", "Bir JSON nesnesi bekleniyordu: {reason}"),
    ("check.syntax.string", "Tırnak içindeki bir ad bir JSON string'idir: {reason}"),
    ("check.syntax.rule", "Bilinmeyen danışman kuralı: “{rule}” (geçerli olanlar: {known})."),
    ("check.syntax.operation", "Bilinmeyen işlem: “{operation}” (geçerli olanlar: {known})."),
    ("check.syntax.key_type", "“{found}” anahtar türü S, N ya da B değil."),
    ("check.syntax.keys", "Bir anahtarın bir ya da iki niteliği olur; bulunan: {count}."),
    // Değerlendirme: modelin kendisi.
    ("check.model.does_not_load", "Model yüklenemiyor, bu yüzden hiçbir şey kontrol edilemiyor: {reason}"),
    // Erişim desenleri.
    ("check.pattern.missing", "“{pattern}” adında bir erişim deseni yok."),
    ("check.pattern.does_not_run", "“{pattern}” çalışmıyor: {reason}"),
    ("check.pattern.requests.pass", "“{pattern}” {requests} istekle karşılanıyor: {target} üzerinde {operation}."),
    ("check.pattern.requests.scan", "“{pattern}” bir Scan: {returned} öğe döndürmek için tablonun tamamından {read} öğe okuyor."),
    ("check.pattern.requests.many", "“{pattern}” {requests} istek gerektiriyor (en fazla {max} bekleniyordu): {target} üzerinde {operation}."),
    ("check.pattern.returns.pass", "“{pattern}” {returned} öğe döndürüyor; hepsinin türü: {entities}."),
    ("check.pattern.returns.nothing", "“{pattern}” hiç öğe döndürmüyor; beklenen: {expected}."),
    ("check.pattern.returns.other", "“{pattern}” şunları döndürüyor: {entities}; yalnızca {expected} bekleniyordu (fazladan dönen: {unexpected})."),
    ("check.pattern.untyped", "hiçbir varlık türüne ait olmayan öğeler"),
    ("check.pattern.reads.pass", "“{pattern}” {returned} öğe döndürmek için {read} öğe okuyor (en fazla {max})."),
    ("check.pattern.reads.fail", "“{pattern}” {returned} öğe döndürmek için {read} öğe okuyor; en fazla {max} bekleniyordu."),
    ("check.answer.pass", "“{request}” beklenen yanıtı veriyor."),
    ("check.answer.differs", "“{request}” yanıtında {member} = {found}; beklenen: {expected}."),
    ("check.answer.missing", "“{request}” yanıtında {member} yok; beklenen: {expected}."),
    ("check.answer.error", "“{request}” yanıtı: {found}; beklenen: {expected}."),
    ("check.answer.success", "başarılı bir yanıt"),
    ("check.request.on", "{target} üzerinde {operation}"),
    ("check.request.named", "{name}"),
    // Tablolar ve indeksler.
    ("check.table.missing", "{table} adında bir tablo yok."),
    ("check.table.keyed.pass", "{table} tablosunun anahtarı: {keys}."),
    ("check.table.keyed.fail", "{table} tablosunun anahtarı: {found}; beklenen: {expected}."),
    ("check.table.billing.pass", "{table} tablosunun kapasite modu: {mode}."),
    ("check.table.billing.fail", "{table} tablosunun kapasite modu: {found}; beklenen: {expected}."),
    ("check.table.ttl.pass", "{table} tablosu öğelerin süresini {attribute} niteliğiyle dolduruyor (TTL)."),
    ("check.table.ttl.none", "{table} tablosunda TTL yok; {attribute} niteliği üzerinde olması bekleniyordu."),
    ("check.table.ttl.other", "{table} tablosunun TTL niteliği {found}; beklenen: {attribute}."),
    ("check.index.gsi", "bir global secondary index (GSI)"),
    ("check.index.lsi", "bir local secondary index (LSI)"),
    ("check.index.missing", "{table} tablosunda {index} adında bir indeks yok."),
    ("check.index.kind", "{table} üzerindeki {index}: {found}; beklenen: {expected}."),
    ("check.index.keyed.pass", "{table} üzerindeki {index} indeksinin anahtarı: {keys}; projeksiyonu: {projection}."),
    ("check.index.keyed.fail", "{index} indeksinin anahtarı: {found} ({items} öğe için {distinct} farklı değer); beklenen: {expected}."),
    ("check.index.projection.fail", "{index} indeksinin projeksiyonu: {found}; beklenen: {expected}."),
    // Bir varlığın öğeleri. `{filter}` ("status = ACTIVE olan ") varlığın önüne gelir.
    ("check.entity.missing", "{entity} adında bir varlık türü yok."),
    ("check.entity.no_items", "{filter}{entity} öğesi yok."),
    ("check.items.some.pass", "{filter}{total} {entity} öğesinden {with} tanesinde {attribute} var."),
    ("check.items.some.fail", "{filter}{total} {entity} öğesinin hiçbirinde {attribute} yok."),
    ("check.items.every.pass", "{filter}{total} {entity} öğesinin hepsinde {attribute} var."),
    ("check.items.every.fail", "{filter}{total} {entity} öğesinden {without} tanesinde {attribute} eksik; örneğin {key}."),
    ("check.items.no.pass", "{filter}{total} {entity} öğesinin hiçbirinde {attribute} yok."),
    ("check.items.no.fail", "{filter}{total} {entity} öğesinden {with} tanesinde {attribute} var; örneğin {key}."),
    ("check.items.filter", "{attribute} = {value} olan "),
    // Danışman bulguları. `{on}` (" LatestPosts üzerinde") "Danışman"ın ardından gelir.
    ("check.finding.present.pass", "Danışman {target} üzerinde {rule} buluyor: {title}"),
    ("check.finding.present.fail", "Danışman{on} {rule} bulmuyor."),
    ("check.finding.absent.pass", "Danışman{on} {rule} bulmuyor."),
    ("check.finding.absent.fail", "Danışman {target} üzerinde hâlâ {rule} buluyor: {title}"),
    ("check.finding.on", " {target} üzerinde"),
    // İş yükleri (simülatör).
    ("check.workload.missing", "“{workload}” adında bir iş yükü yok."),
    ("check.workload.invalid", "“{workload}” iş yükü çalışmıyor: {reason}"),
    ("check.workload.throttles.pass", "“{workload}”: {requests} isteğin hepsi karşılandı, hiçbiri throttle edilmedi."),
    ("check.workload.throttles.fail", "“{workload}”: {requests} istekten {throttled} tanesi throttle edildi, en çok {target} üzerinde ({reason})."),
    ("check.workload.partition.pass", "“{workload}”: en sıcak partition ({partition}) en yoğun anında tavanının {share} kadarını kullanıyor ({limit} altında)."),
    ("check.workload.partition.fail", "“{workload}”: {partition}, {second}. saniyede tavanının {share} kadarına ulaşıyor; {limit} altı bekleniyordu."),
    ("check.workload.cost.pass", "“{workload}” ayda {cost} tutuyor ({mode}; {limit} altında)."),
    ("check.workload.cost.fail", "“{workload}” ayda {cost} tutuyor ({mode}); {limit} altı bekleniyordu."),
    ("check.billing.as_billed", "her tablo kendi kapasite moduyla"),
    ("check.nothing", ""),
    ("sim.reason.partition_limit", "bir partition'ın tavanı"),
    ("sim.reason.provisioned_exceeded", "provisioned kapasite tükendi"),
    ("sim.reason.on_demand_limit", "on-demand ısınmış kapasite (warm throughput) sınırına ulaşıldı"),
    ("sim.reason.index_back_pressure", "GSI geri basıncı"),
    ("check.billing.on_demand", "on-demand"),
    ("check.billing.provisioned", "provisioned"),
    // Çözümler ve hazırlıklar.
    ("edit.no_table", "Düzenleme {edit}: {table} adında bir tablo yok."),
    ("edit.no_entity", "Düzenleme {edit}: {table} tablosunda {entity} varlığı yok."),
    ("edit.no_item", "Düzenleme {edit}: {table} tablosunda {key} öğesi yok."),
    ("edit.no_pattern", "Düzenleme {edit}: “{pattern}” adında bir erişim deseni yok."),
    ("edit.no_workload", "Düzenleme {edit}: “{workload}” adında bir iş yükü yok."),
    ("edit.no_index", "Düzenleme {edit}: {table} tablosunda {index} adında bir indeks yok."),
    ("edit.table.no_name", "Düzenleme {edit}: bir tablo düzenlemesi, TableName'i ile birlikte CreateTable girdisidir."),
    ("edit.table.not_object", "Düzenleme {edit}: {table} tablosunun tanımı bir JSON nesnesi değil."),
    ("edit.table.not_list", "Düzenleme {edit}: {table} tablosunun {field} alanı bir liste değil."),
    ("edit.gsi.no_name", "Düzenleme {edit}: bir GSI düzenlemesinin indeksi, IndexName'i ile birlikte GlobalSecondaryIndexes girdisidir."),
    ("edit.gsi.no_key_schema", "Düzenleme {edit}: GSI {index} bir KeySchema içermiyor."),
    ("edit.entity.template_not_string", "Düzenleme {edit}: {attribute} niteliğinin anahtar şablonu bir metin değil."),
    ("edit.rekey.item", "Düzenleme {edit}: {table} tablosunun {item}. öğesi okunamıyor: {reason}"),
    ("edit.rekey.build", "Düzenleme {edit}: {table} tablosunun {item}. öğesinin anahtarları {entity} şablonlarından kurulamıyor: {reason}"),
    ("edit.invalid", "Düzenleme {edit}: {reason}"),
    ("edit.model", "Düzenlemelerden sonraki model okunamıyor: {reason}"),
];

/// The English template of `key`.
pub fn en_template(key: &str) -> Option<&'static str> {
    CATALOG.template(key, Lang::En)
}

/// The Turkish template of `key`.
pub fn tr_template(key: &str) -> Option<&'static str> {
    CATALOG.template(key, Lang::Tr)
}

/// `message` in `lang`, a language code as lessons name theirs (`en`, `tr`); English for any other.
pub fn render(message: &Message, lang: &str) -> String {
    CATALOG.render(message, Lang::from_code_or_en(lang))
}

/// `message` in English. A key without a template shows as the key itself (a test keeps every key
/// the crate emits in the table).
pub fn render_en(message: &Message) -> String {
    CATALOG.render(message, Lang::En)
}

/// `message` in Turkish (the key itself when it has no template, as in English).
pub fn render_tr(message: &Message) -> String {
    CATALOG.render(message, Lang::Tr)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_unique_and_arguments_fill() {
        for (i, (k, _)) in EN.iter().enumerate() {
            assert!(EN[i + 1..].iter().all(|(o, _)| o != k), "{k} twice");
        }
        let m = Message::new("check.pattern.reads.fail").text("pattern", "Orders").count("read", 10_000).count("returned", 3).count("max", 5);
        assert_eq!(render_en(&m), "“Orders” reads 10,000 items to return 3; at most 5 expected.");
        assert_eq!(render_en(&Message::new("no.such.key")), "no.such.key");
    }

    use alloc::vec::Vec;

    /// The `{name}`s a template fills (not `{#step-id}` or `{…}`, which are text).
    fn arguments(template: &str) -> Vec<&str> {
        let mut names: Vec<&str> = template
            .split('{')
            .skip(1)
            .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
            .filter(|name| !name.is_empty() && name.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
            .collect();
        names.sort_unstable();
        names.dedup();
        names
    }

    #[test]
    fn turkish_has_every_key_with_the_same_arguments() {
        for (i, (k, _)) in TR.iter().enumerate() {
            assert!(TR[i + 1..].iter().all(|(o, _)| o != k), "{k} twice in Turkish");
            assert!(en_template(k).is_some(), "{k} is only in Turkish");
        }
        for (k, en) in EN {
            let tr = tr_template(k).unwrap_or_else(|| panic!("{k} has no Turkish text"));
            assert_eq!(arguments(tr), arguments(en), "{k}: the Turkish text fills other arguments than the English");
            // Only what is the same in every language (a name, DynamoDB's words) may read the same.
            let neutral = ["lesson.json", "lesson.json.at", "check.syntax.quoted", "check.request.named", "check.billing.on_demand", "check.billing.provisioned", "check.nothing"];
            assert!(tr != *en || neutral.contains(k), "{k}: not translated");
        }
    }

    #[test]
    fn turkish_formats_numbers_money_and_shares_its_own_way() {
        let m = Message::new("check.pattern.reads.fail").text("pattern", "Orders").count("read", 10_000).count("returned", 3).count("max", 5);
        assert_eq!(render(&m, "tr"), "“Orders” 3 öğe döndürmek için 10.000 öğe okuyor; en fazla 5 bekleniyordu.");
        assert_eq!(render(&m, "en"), render_en(&m));
        assert_eq!(render(&m, "de"), render_en(&m));
    }

    #[test]
    fn a_part_goes_where_each_language_puts_it() {
        // English puts the `where` clause after the entity, Turkish before it.
        let filter = Message::new("check.items.filter").text("attribute", "status").text("value", "ACTIVE");
        let m = Message::new("check.items.some.pass").text("entity", "MenuItem").part("filter", filter).text("attribute", "activeFlag").count("total", 7).count("with", 5);
        assert_eq!(render_en(&m), "5 of 7 MenuItem items where status = ACTIVE carry activeFlag.");
        assert_eq!(render_tr(&m), "status = ACTIVE olan 7 MenuItem öğesinden 5 tanesinde activeFlag var.");
        let none = Message::new("check.items.some.pass").text("entity", "MenuItem").part("filter", Message::new("check.nothing")).text("attribute", "activeFlag").count("total", 7).count("with", 5);
        assert_eq!(render_tr(&none), "7 MenuItem öğesinden 5 tanesinde activeFlag var.");
        let cost = Message::new("check.workload.cost.fail").text("workload", "Steady").usd("cost", 378_000_000).usd("limit", 200_000_000).part("mode", Message::new("check.billing.on_demand"));
        assert_eq!(render_en(&cost), "“Steady” costs $378.00 a month on-demand; under $200.00 expected.");
        assert_eq!(render_tr(&cost), "“Steady” ayda $378,00 tutuyor (on-demand); $200,00 altı bekleniyordu.");
    }
}
