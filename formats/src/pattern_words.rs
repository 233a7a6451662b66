//! The templates' access patterns in Turkish: each pattern's name and description, by template.
//!
//! A template's access patterns are model data (`accessPatterns` in its model file, English), and stay
//! so: opening a template, sharing it or exporting it gives the same JSON in every language. Only the
//! page shows a template's pattern in the learner's language, through [`pattern_in`].
//!
//! A pattern is recognised as a template's by its English name and description together, exactly as
//! the model file writes them (the pair is unique among the templates; the tests check it): a pattern
//! the learner renamed or re-described, or wrote themself, is not one and is shown as typed. The model
//! does not record which template it came from, and need not: a model's own pattern that happens to
//! carry a template pattern's very name and description is that pattern's words too.
//!
//! Key values, attribute and index names and DynamoDB's API names (`USER#<id>`, `GSI1PK`, `UpdateItem
//! ADD`, `LastEvaluatedKey`) are the same in both languages, as the Turkish source articles write them.

use messages::Lang;

/// One template access pattern's words: its English text as the model file writes it (what recognises
/// it), and the same in another language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PatternWords {
    /// The template's slug ([`crate::gallery::Template::slug`]).
    pub slug: &'static str,
    pub en_name: &'static str,
    /// `""` when the model file gives the pattern no description.
    pub en_description: &'static str,
    pub name: &'static str,
    pub description: &'static str,
}

/// The translation of a template's pattern into `lang`, found by its English name and description as
/// the model file writes them. `None` in English, and for a pattern no template has.
pub fn template_pattern(name: &str, description: &str, lang: Lang) -> Option<&'static PatternWords> {
    table(lang).iter().find(|w| w.en_name == name && w.en_description == description)
}

/// A pattern's name and description as the page shows them in `lang`: a template's pattern, unedited,
/// in that language; any other pattern as it is written.
pub fn pattern_in<'a>(name: &'a str, description: &'a str, lang: Lang) -> (&'a str, &'a str) {
    template_pattern(name, description, lang).map_or((name, description), |w| (w.name, w.description))
}

/// The name of template `slug`'s pattern `en_name` in `lang` (`en_name` itself in English, or when the
/// template has no such pattern): the gallery names a template's patterns before it is opened.
pub fn template_pattern_name<'a>(slug: &str, en_name: &'a str, lang: Lang) -> &'a str {
    table(lang).iter().find(|w| w.slug == slug && w.en_name == en_name).map_or(en_name, |w| w.name)
}

/// The table of `lang` (empty for English, the models' own language).
pub fn table(lang: Lang) -> &'static [PatternWords] {
    match lang {
        Lang::En => &[],
        Lang::Tr => TR,
    }
}

/// `"slug" { "English name", "English description" => "name", "description"; … } …` as a table.
macro_rules! words {
    ($($slug:literal { $($en_name:literal, $en_description:literal => $name:literal, $description:literal;)* })*) => {
        &[$($(PatternWords { slug: $slug, en_name: $en_name, en_description: $en_description, name: $name, description: $description },)*)*]
    };
}

/// Turkish, in gallery order, each template's patterns in the order of its model file.
pub const TR: &[PatternWords] = words! {
    "ecommerce" {
        "A user's profile and orders", "One Query over the item collection USER#u1."
            => "Bir kullanıcının profili ve siparişleri", "USER#u1 öğe koleksiyonu üzerinde tek bir Query.";
        "A user's orders only", "begins_with on the sort key skips the profile."
            => "Bir kullanıcının yalnızca siparişleri", "Sort Key üzerindeki begins_with profili atlar.";
        "Pending orders, oldest first", "GSI1 by status; GSI1SK starts with the creation time."
            => "Bekleyen siparişler, en eskisi önce", "Duruma göre GSI1; GSI1SK oluşturulma zamanıyla başlar.";
        "Reviews of a product", "The product's partition holds its reviews."
            => "Bir ürünün yorumları", "Ürünün partition'ı yorumlarını da tutar.";
        "A user's reviews", "The same GSI, overloaded: reviews put USER#<id> in GSI1PK."
            => "Bir kullanıcının yorumları", "Aynı GSI, aşırı yüklenmiş: yorumlar GSI1PK'ya USER#<id> yazar.";
    }
    "posts-by-tag" {
        "A user's posts, newest first", ""
            => "Bir kullanıcının gönderileri, en yenisi önce", "";
        "Posts tagged dynamodb, newest first", "One PostTag item per (post, tag) in PostsByTag."
            => "dynamodb etiketli gönderiler, en yenisi önce", "PostsByTag'de her (gönderi, etiket) çifti için bir PostTag öğesi.";
        "The 20 latest posts", "The constant key ALL_POSTS: every post in one partition (hot at scale)."
            => "Son 20 gönderi", "Sabit anahtar ALL_POSTS: her gönderi tek bir partition'da (ölçek büyüyünce sıcak).";
    }
    "menu" {
        "A tenant's whole menu", ""
            => "Bir kiracının menüsünün tamamı", "";
        "A tenant's active items", "The sparse index holds only items with GSI1PK."
            => "Bir kiracının aktif öğeleri", "Seyrek dizin yalnızca GSI1PK taşıyan öğeleri tutar.";
        "Children of a menu level", "Only items with a parent are in this index."
            => "Bir menü seviyesinin alt öğeleri", "Bu dizinde yalnızca bir üst öğesi olan öğeler bulunur.";
    }
    "saas" {
        "A tenant's record", ""
            => "Bir kiracının kaydı", "";
        "A tenant's users", ""
            => "Bir kiracının kullanıcıları", "";
        "A user by email", "GSI1, one item per email."
            => "E-posta adresiyle bir kullanıcı", "GSI1, e-posta başına bir öğe.";
        "Projects owned by a user", ""
            => "Bir kullanıcının sahibi olduğu projeler", "";
        "A project's tasks", ""
            => "Bir projenin görevleri", "";
        "A user's pending tasks by due date", ""
            => "Bir kullanıcının bekleyen görevleri, bitiş tarihine göre", "";
        "A tenant's overdue tasks", "The sparse part of GSI1: only tasks with overdueSince."
            => "Bir kiracının geciken görevleri", "GSI1'in seyrek parçası: yalnızca overdueSince taşıyan görevler.";
        "Invoices of November 2023", ""
            => "Kasım 2023 faturaları", "";
    }
    // The access pattern table of source 003, in its own Turkish words.
    "order-lookups" {
        "Get a user's profile by id", "Main table: PK = USER#123, SK = PROFILE."
            => "ID ile kullanıcı profili getir", "Ana tablo: PK = USER#123, SK = PROFILE.";
        "All orders of a user", "Main table: PK = USER#123, SK begins_with ORDER#."
            => "Bir kullanıcının tüm siparişlerini getir", "Ana tablo: PK = USER#123, SK begins_with ORDER#.";
        "An order by its id", "GSI1: GSI1PK = ORDER#456."
            => "Sipariş ID'siyle siparişi getir", "GSI1: GSI1PK = ORDER#456.";
        "All pending orders", "GSI2 (sparse): GSI2PK = STATUS#PENDING."
            => "PENDING durumundaki tüm siparişleri getir", "GSI2 (seyrek): GSI2PK = STATUS#PENDING.";
        "All reviews of a product", "Main table, product-centred: PK = PRODUCT#789, SK begins_with REVIEW#."
            => "Bir ürünün tüm yorumlarını getir", "Ana tablo (ürün merkezli): PK = PRODUCT#789, SK begins_with REVIEW#.";
    }
    "adjacency-list" {
        "Groups of a user", ""
            => "Bir kullanıcının grupları", "";
        "Members of a group", "The inverted index: its partition key is the table's SK."
            => "Bir grubun üyeleri", "Ters dizin: Partition Key'i tablonun SK'sidir.";
        "Is a user in a group?", "One GetItem on the edge."
            => "Kullanıcı bu grupta mı?", "Kenar öğesi üzerinde tek bir GetItem.";
    }
    "hierarchical-sort-keys" {
        "Stores in a country", ""
            => "Bir ülkedeki mağazalar", "";
        "Stores in a state", ""
            => "Bir eyaletteki mağazalar", "";
        "Stores in a city", ""
            => "Bir şehirdeki mağazalar", "";
    }
    "write-sharding" {
        "Increment a random shard", "UpdateItem ADD on shard n (chosen at random by the writer)."
            => "Rastgele bir parçayı artır", "n. parça üzerinde UpdateItem ADD (parçayı yazıcı rastgele seçer).";
        "Read one shard", "One shard alone is a tenth of the total: read it to show one shard, or read all ten (next pattern) for the total."
            => "Tek bir parçayı oku", "Tek bir parça toplamın onda biridir: bir parçayı göstermek için onu okuyun, toplam için on parçanın hepsini okuyun (sonraki desen).";
        "Read all 10 shards (the total)", "The other half of write sharding: one BatchGetItem for the 10 shard keys (up to 100 keys a call), then add the votes up in the application. 10 items of at most 4 KB cost 5 RCU eventually consistent, every time the total is read."
            => "10 parçanın hepsini oku (toplam)", "Yazma parçalamanın öbür yarısı: 10 parça anahtarı için tek bir BatchGetItem (bir çağrıda en çok 100 anahtar), ardından oylar uygulamada toplanır. En çok 4 KB'lık 10 öğe, toplam her okunduğunda nihai tutarlı okumayla 5 RCU tutar.";
    }
    "time-series" {
        "A sensor's readings in February", ""
            => "Bir sensörün şubat ayındaki ölçümleri", "";
        "A sensor's readings on 1 February", ""
            => "Bir sensörün 1 Şubat'taki ölçümleri", "";
        "The latest reading this month", ""
            => "Bu ayın en son ölçümü", "";
    }
    "atomic-counters" {
        "Count a view", ""
            => "Bir görüntülenmeyi say", "";
        "Read a page's counters", ""
            => "Bir sayfanın sayaçlarını oku", "";
    }
    "optimistic-locking" {
        "Read a document and its version", ""
            => "Bir dokümanı ve sürümünü oku", "";
        "Write only if nobody else did", "Fails with ConditionalCheckFailedException when the version moved on."
            => "Yalnızca arada kimse yazmadıysa yaz", "Sürüm ilerlemişse ConditionalCheckFailedException ile başarısız olur.";
    }
    "soft-delete" {
        "A user's live notes", "Only items with livePK are in the index."
            => "Bir kullanıcının canlı notları", "Dizinde yalnızca livePK taşıyan öğeler bulunur.";
        "A user's notes, including the deleted", ""
            => "Bir kullanıcının notları, silinenler dahil", "";
        "Soft-delete a note", ""
            => "Bir notu geçici olarak sil", "";
    }
    "cursor-pagination" {
        "First page of 5 books", "Returns LastEvaluatedKey."
            => "5 kitaplık ilk sayfa", "LastEvaluatedKey döndürür.";
        "The next page", "ExclusiveStartKey is the previous page's LastEvaluatedKey."
            => "Sonraki sayfa", "ExclusiveStartKey, önceki sayfanın LastEvaluatedKey'idir.";
    }
    "index-propagation" {
        "Pending orders, oldest first", ""
            => "Bekleyen siparişler, en eskisi önce", "";
        "A customer's orders", ""
            => "Bir müşterinin siparişleri", "";
    }
    "vector-search" {
        "Read a product", ""
            => "Bir ürünü oku", "";
        "Add a product with its taste vector", ""
            => "Bir ürünü tat vektörüyle ekle", "";
    }
    "tasks-by-assignee-status" {
        "An assignee's open tasks, soonest due first (synthetic key)", ""
            => "Atanan kişinin açık görevleri, teslim tarihi en yakın olan önce (sentetik anahtar)", "";
        "An assignee's open tasks, soonest due first (multi-attribute key)", ""
            => "Atanan kişinin açık görevleri, teslim tarihi en yakın olan önce (çok nitelikli anahtar)", "";
        "An assignee's open tasks due before a date (multi-attribute key)", ""
            => "Atanan kişinin teslim tarihi belirli bir tarihten önce olan açık görevleri (çok nitelikli anahtar)", "";
        "Every task of an assignee, by status then due date (multi-attribute key)", ""
            => "Atanan kişinin bütün görevleri, önce duruma sonra teslim tarihine göre (çok nitelikli anahtar)", "";
    }
    "doc-embedding-vs-referencing" {
        "Embedded: the post with its comments", "One item."
            => "Gömme: gönderi ve yorumları", "Tek bir öğe.";
        "Referenced: the post and its comments", "One Query over the item collection."
            => "Referans verme: gönderi ve yorumları", "Öğe koleksiyonu üzerinde tek bir Query.";
        "Referenced: the latest 2 comments", ""
            => "Referans verme: son 2 yorum", "";
    }
    "doc-attribute-pattern" {
        "A product with its properties", ""
            => "Bir ürün ve özellikleri", "";
        "Products whose screen is 55in", ""
            => "Ekranı 55in olan ürünler", "";
        "Products with a resolution starting with 2", ""
            => "Çözünürlüğü 2 ile başlayan ürünler", "";
    }
    "doc-bucket-pattern" {
        "A device's buckets for a day", ""
            => "Bir cihazın bir günlük kovaları", "";
        "Append a reading to its hour", ""
            => "Bir ölçümü kendi saatinin kovasına ekle", "";
    }
    "doc-polymorphic" {
        "Everything in the catalog", ""
            => "Katalogdaki her şey", "";
        "Only the books", "The filter runs after the read: all items are paid for."
            => "Yalnızca kitaplar", "Filtre okumadan sonra çalışır: bütün öğelerin bedeli ödenir.";
    }
    "doc-hybrid" {
        "The order summary (list page)", ""
            => "Sipariş özeti (liste sayfası)", "";
        "The whole order (detail page)", ""
            => "Siparişin tamamı (ayrıntı sayfası)", "";
    }
    "doc-materialised-aggregates" {
        "A movie with its aggregate", ""
            => "Bir film ve önceden hesaplanmış toplamı", "";
        "Add to the aggregate", "Done with the Rating put, in one transaction."
            => "Toplama ekle", "Rating öğesinin yazılmasıyla birlikte, tek bir transaction içinde yapılır.";
        "A movie's ratings", ""
            => "Bir filmin puanları", "";
    }
    "doc-extended-reference" {
        "An order, ready to show", ""
            => "Gösterilmeye hazır bir sipariş", "";
        "A customer's orders with names and addresses", "The GSI projects the copied fields."
            => "Bir müşterinin siparişleri, ad ve adresleriyle", "GSI kopyalanan alanları yansıtır.";
    }
    "doc-ecommerce" {
        "A user's orders, newest first", "Seed 004's first query (the user's siparisler array) as one Query of the user's item collection."
            => "Bir kullanıcının siparişleri, en yenisi önce", "Kaynak 004'ün ilk sorgusu (kullanıcının siparisler dizisi), kullanıcının öğe koleksiyonunda tek bir Query olarak.";
        "A product with its reviews", "Seed 004's second query (the product's yorumlar): the reviews are embedded, one GetItem."
            => "Bir ürün ve yorumları", "Kaynak 004'ün ikinci sorgusu (ürünün yorumlar alanı): yorumlar gömülüdür, tek bir GetItem.";
        "A user's profile and orders", "One Query of the whole partition: the profile and every order."
            => "Bir kullanıcının profili ve siparişleri", "Partition'ın tamamında tek bir Query: profil ve bütün siparişler.";
        "Products in a category", "ByCategory, projecting what a product list shows."
            => "Bir kategorideki ürünler", "Bir ürün listesinin gösterdiklerini yansıtan ByCategory.";
    }
    "doc-social-media" {
        "A post with its comments", "Seed 004's $lookup of the comments, as one Query of the post's item collection."
            => "Bir gönderi ve yorumları", "Kaynak 004'ün yorumlar için yaptığı $lookup, gönderinin öğe koleksiyonunda tek bir Query olarak.";
        "The latest comments of a post", "Newest first, one page."
            => "Bir gönderinin son yorumları", "En yenisi önce, tek bir sayfa.";
        "A user's posts, newest first", "Seed 004's second query (the user's gonderiler array) through ByAuthor."
            => "Bir kullanıcının gönderileri, en yenisi önce", "Kaynak 004'ün ikinci sorgusu (kullanıcının gonderiler dizisi), ByAuthor üzerinden.";
        "Like a post", "An atomic counter: ADD, no read first."
            => "Bir gönderiyi beğen", "Atomik bir sayaç: ADD, önceden okuma yok.";
    }
};
