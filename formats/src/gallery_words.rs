//! The gallery's words in English and Turkish: its sections, and each template's name and explanation.
//!
//! A template's English name and explanation live in its model file (`name`, `description`), so what
//! the gallery shows is what opening the template loads; the Turkish ones live here, by slug, with the
//! same paragraphs. Key names, attribute values and DynamoDB's API names (`USER#<id>`, `UpdateItem ADD`,
//! `ConditionalCheckFailedException`) are the same in both, as the Turkish source articles write them.

use messages::{Catalog, Lang, Message};

use crate::gallery::{Category, Template, TEMPLATES};

/// The gallery's section headings.
pub const CATALOG: Catalog = Catalog {
    en: &[
        ("gallery.category.scenario", "Scenarios"),
        ("gallery.category.pattern", "Design patterns"),
        ("gallery.category.document", "Document-model patterns as DynamoDB layouts"),
    ],
    tr: &[
        ("gallery.category.scenario", "Senaryolar"),
        ("gallery.category.pattern", "Tasarım desenleri"),
        ("gallery.category.document", "DynamoDB düzeni olarak doküman modeli desenleri"),
    ],
};

impl Category {
    /// The section's heading, as a message of [`CATALOG`].
    pub fn title(self) -> Message {
        Message::new(match self {
            Category::Scenario => "gallery.category.scenario",
            Category::Pattern => "gallery.category.pattern",
            Category::Document => "gallery.category.document",
        })
    }
}

/// A template's name and explanation in a language other than English.
#[derive(Debug, Clone, Copy)]
pub struct Translation {
    pub slug: &'static str,
    pub name: &'static str,
    pub description: &'static str,
}

impl Template {
    /// The template's Turkish (or other non-English) name and explanation, if written.
    pub fn translation(&self, lang: Lang) -> Option<&'static Translation> {
        match lang {
            Lang::En => None,
            Lang::Tr => TR.iter().find(|t| t.slug == self.slug),
        }
    }
}

/// A model's explanation in `lang`: a template's own explanation, unedited, in that language; any other
/// text (a model the learner wrote, or a template whose explanation was changed) as it is.
///
/// The template is found by its explanation as the model file writes it (a JSON string), without
/// reading every model: the tests check that each template's explanation finds its translation.
pub fn description_in(description: &str, lang: Lang) -> &str {
    if lang == Lang::En || description.is_empty() {
        return description;
    }
    let Ok(quoted) = serde_json::to_string(description) else { return description };
    TEMPLATES
        .iter()
        .find(|t| t.json.contains(&quoted))
        .and_then(|t| t.translation(lang))
        .map_or(description, |tr| tr.description)
}

/// A model's name in `lang`: a template's own name, unedited, in that language; any other name as it
/// is. The model data keeps the English name, so a share link or an export never changes with the
/// language.
///
/// Only the templates whose file holds the name as a JSON string are read, to compare it with their
/// top-level `name` exactly (a name such as `Shop` is also a table's, and must not translate).
pub fn name_in(name: &str, lang: Lang) -> &str {
    #[derive(serde::Deserialize)]
    struct Head {
        name: alloc::string::String,
    }
    if lang == Lang::En || name.is_empty() {
        return name;
    }
    let Ok(quoted) = serde_json::to_string(name) else { return name };
    TEMPLATES
        .iter()
        .filter(|t| t.json.contains(&quoted))
        .find(|t| serde_json::from_str::<Head>(t.json).is_ok_and(|h| h.name == name))
        .and_then(|t| t.translation(lang))
        .map_or(name, |tr| tr.name)
}

/// Turkish, by slug, in gallery order.
pub const TR: &[Translation] = &[
    Translation {
        slug: "ecommerce",
        name: "E-ticaret: kullanıcılar, duruma göre siparişler, yorumlar",
        description: "Kullanıcılar, siparişleri ve ürün yorumları için tek bir tablo. Kullanıcının profili ve siparişleri USER#<id> partition'ını paylaşır, böylece tek bir Query ikisini birlikte döndürür (bir öğe koleksiyonu). GSI1 aşırı yüklenmiştir: siparişler GSI1PK'ya ORDER_STATUS#<status> yazar, böylece 'bekleyen tüm siparişler, en eskisi önce' tek bir Query olur; yorumlar da oraya USER#<id> yazar, böylece bir kullanıcının yorumları da tek bir Query'dir. GSI yalnızca Type, total ve status niteliklerini yansıtır (INCLUDE), dizin küçük kalır; bir siparişin tamamını okumak için tabloda bir GetItem gerekir. Ödünleşim: çok yaygın bir durum (PENDING) yazmaları tek bir GSI partition'ında toplar; o durum saniyede binlerce yazma görüyorsa bir tarih son eki ekleyin.",
    },
    Translation {
        slug: "posts-by-tag",
        name: "Etikete göre gönderiler ve son gönderiler (sabit GSI anahtarı)",
        description: "Bir sosyal akış. Bir kullanıcının gönderileri USER#<id> altında, zamana göre sıralı durur. Etiketler gönderide bir küme olarak tutulur, ama bir GSI anahtarı tek bir skaler değer olmalıdır; bu yüzden her etiket, yazarın partition'ında kendi küçük PostTag öğesini alır (SK TAG#<tag>#<time>#<postId>; böylece begins_with(SK, POST#) ile 'bir kullanıcının gönderileri' yalnızca gönderileri okur) ve bu öğenin GSI1PK'sı TAG#<tag> olur: PostsByTag 'aws etiketli gönderiler, en yenisi önce' sorusunu cevaplar. LatestPosts, GSI2PK'ya sabit ALL_POSTS değerini yazar; böylece her gönderi zamana göre sıralı olarak tek bir dizin partition'ına düşer: en basit 'son gönderiler' sorgusu ve tasarım gereği sıcak bir partition. Ödünleşim: tek bir GSI partition'ı saniyede yaklaşık 1.000 WCU yazma kaldırır; bunun ötesinde tabloya yazmalar dizin yüzünden kısıtlanır (throttling). Ölçek büyüyünce anahtarı ALL_POSTS#<yyyy-mm-dd> olarak yazın (ya da parçalara bölün) ve önce en yeni günü okuyun.",
    },
    Translation {
        slug: "menu",
        name: "Çok seviyeli menü: seyrek aktif GSI ve üst öğeye göre GSI",
        description: "Birçok kiracının (restoranın) menüleri. Bir kiracının her öğesi TENANT#<id> altındadır, böylece 'menünün tamamı' tek bir Query'dir. ActiveMenuItems seyrek bir dizindir: yalnızca aktif öğeler GSI1PK taşır (TENANT#<id>#ACTIVE), böylece dizin yalnızca onları tutar ve vitrin hiçbir pasif öğeyi okumaz. Bir öğeyi pasifleştirmek, GSI1PK'sını kaldırmak demektir; bu da onu dizinden siler. MenuItemsByParent yalnızca bir üst öğesi olan öğeleri tutar (GSI2PK = TENANT#<id>#PARENT#<parentId>): bir menü seviyesinin alt öğeleri tek bir Query'dir; vitrin ayrıntıları sonra tablodan okuduğu için KEYS_ONLY'dir. Ödünleşim: her dizin, anahtarları her değiştiğinde yazılır (dizin başına KB başına 1 WCU).",
    },
    Translation {
        slug: "saas",
        name: "Çok kiracılı SaaS: kiracılar, kullanıcılar, projeler, görevler, faturalar",
        description: "Her anahtar TENANT#<id> ile başlar; böylece bir kiracının verisi başka bir kiracınınkiyle asla karışmaz ve anahtar önekine konan bir IAM koşulu kiracıları birbirinden yalıtabilir. Kullanıcılar e-postalarıyla GSI1 üzerinden bulunur (USER_EMAIL#<email>). Projeler sahiplerine göre GSI2 üzerinden listelenir. Görevler projelerinin partition'ında durur; GSI3 bir kullanıcının görevlerini duruma ve bitiş tarihine göre listeler (STATUS#<s>#DUE#<date> önce duruma, sonra tarihe göre sıralar). Geciken görevler GSI1'in seyrek bir parçasıdır: günlük bir iş, geciken görevi işaretler (overdueSince = bitiş tarihi ve yalnızca anahtarın var olduğunu belirten boş bir metin olan overdueFlag); bu da göreve GSI1PK = TENANT#<id>#OVERDUE ve GSI1SK = DUE#<date>#TASK#<id> verir. Zamanında olan ya da biten bir görev ikisini de taşımaz; böylece dizin yalnızca gecikenleri tutar ve bir görevi bitirmek iki niteliği de kaldırır. Faturalar kiracının altında tarihe göre sıralanır (INVOICE#<date>#<id>); böylece '2023 faturaları' Sort Key üzerinde bir between sorgusudur. Ödünleşim: diğerlerinden çok daha büyük bir kiracı kendi partition'larını ısıtır; böyle kiracılara proje başına ayrı bir anahtar öneki verilebilir.",
    },
    Translation {
        slug: "order-lookups",
        name: "Erişim deseni tablosu: kimliğe göre siparişler ve seyrek bir bekleyenler dizini",
        description: "DynamoDB başvuru kılavuzunun erişim deseni tablosu (kaynak 003); her satır tek bir istek. Kullanıcının profili ve siparişleri USER#<id> partition'ını paylaşır (SK PROFILE, ORDER#<date>); böylece 'bir kullanıcının siparişleri' begins_with(SK, ORDER#) olur. Bir sipariş kimliğiyle GSI1 üzerinden de bulunur (GSI1PK = ORDER#<id>): kimlik tablo anahtarının parçası değildir, dizin olmasa bir Scan gerekirdi. GSI2 seyrektir: yalnızca bekleyen siparişler GSI2PK = STATUS#PENDING taşır (boş bir metin olan pendingFlag anahtarın var olduğunu belirtir; siparişi gönderen iş onu kaldırır); böylece 'bekleyen tüm siparişler' yalnızca bekleyen siparişleri, GSI2SK = <date>#<id> ile en eskisi önce okur. Yorumlar ürünün altında durur (PRODUCT#<id>, REVIEW#<n>), çünkü kılavuz onları ürün merkezli okur. Ödünleşim: bekleyen her sipariş tek bir GSI2 partition'ındadır; saniyede yaklaşık 1.000 yeni bekleyen siparişin ötesinde onu parçalara bölün (STATUS#PENDING#<0..9>).",
    },
    Translation {
        slug: "adjacency-list",
        name: "Komşuluk listesi: kullanıcılar ve gruplar (çoktan çoğa)",
        description: "Çoktan çoğa bir ilişkinin her kenarı bir öğedir: PK = USER#<id>, SK = GROUP#<id>. Bir kullanıcının grupları tabloda tek bir Query'dir. Ters dizin anahtarların yerini değiştirir (Partition Key'i SK, Sort Key'i PK olur); böylece aynı kenar öğeleri diğer yönü de cevaplar: bir grubun üyeleri GSI'da tek bir Query'dir. Varlıkların kendileri PK'si SK'sine eşit olan öğelerdir ve ters dizinde kendi anahtarları altında görünürler. Ödünleşim: milyonlarca üyesi olan bir grup, tek, sıcak ve çok büyük bir dizin partition'ıdır; kenar nitelikleri (role) her kenarda kopyalanır ve her birinde güncellenmesi gerekir.",
    },
    Translation {
        slug: "hierarchical-sort-keys",
        name: "Hiyerarşik Sort Key'ler: ülke#eyalet#şehir",
        description: "Mağazalar ülkeye göre bölümlenir ve state#city#store biçiminde bileşik bir anahtara göre sıralanır. DynamoDB Sort Key'i metin olarak sıraladığından, bir önek üzerindeki begins_with hiyerarşinin herhangi bir seviyesini seçer: 'US' (partition'ın tamamı), 'WA#' (bir eyalet), 'WA#Seattle#' (bir şehir). Tek bir anahtar, dizin olmadan dört soruyu cevaplar. Ödünleşim: seviyelerin sırası sabittir (başka bir dizin olmadan 'Springfield adlı tüm şehirler' sorulamaz) ve çok büyük bir ülke büyük bir partition demektir.",
    },
    Translation {
        slug: "write-sharding",
        name: "Yazma parçalama: 10 partition'a yayılmış bir sayaç",
        description: "Tek bir öğe saniyede en çok 1.000 WCU alabilir (bir partition'ın sınırı); bu yüzden herkesin aynı anda yazdığı bir sayaç parçalara bölünür: her yazma 0-9 arasında rastgele bir parça seçer ve COUNTER#<id>#SHARD#<n> değerini artırır. Yazmalar on partition'a yayılır; toplamı okumak on parçanın hepsini okuyup toplamak demektir (on GetItem ya da tek bir BatchGetItem). Ödünleşim: okumalar N kat pahalıdır ve toplam nihai tutarlıdır; N'yi en yüksek yazma hızından seçin (en yüksek WCU / 1.000, pay bırakarak).",
    },
    Translation {
        slug: "time-series",
        name: "Zaman serisi: sensör ve ay başına bir partition",
        description: "Ölçümler sensöre ve aya göre bölümlenir (SENSOR#<id>#<yyyy-mm>) ve zaman damgasına göre sıralanır. Bir ay bir partition'dır; böylece hiçbir partition sonsuza dek büyümez ve eski aylar süresi dolunca silinebilir (expiresAt üzerinde TTL, bir yıl) ya da dışa aktarılabilir. Bir ay içindeki bir aralık Sort Key üzerinde bir between sorgusudur; aylara yayılan bir aralık ay başına bir Query'dir. Ödünleşim: 'en son ölçüm' geçerli ayın anahtarını gerektirir; sensör başına saniyede 1.000 yazmayı aşan bir ölçüm hızı, anahtarda bunun yerine günü ya da saati gerektirir.",
    },
    Translation {
        slug: "atomic-counters",
        name: "Atomik sayaçlar: UpdateItem ADD",
        description: "Bir görüntülenme sayacı UpdateItem ADD views :one ile artırılır: artırma sunucuda yapılır, böylece eşzamanlı iki yazıcı hiçbir güncellemeyi kaybetmez ve önce bir şey okunmaz. ADD, nitelik (ve öğe) yoksa onu da oluşturur. Ödünleşim: UpdateItem idempotent değildir, bu yüzden yeniden denenen bir istek iki kez sayabilir: sayfa görüntülenmeleri için sorun değil, para için uygun değil (orada bir koşul ya da istemci belirteçli bir transaction kullanın). Bir öğe bir partition'dır: saniyede yaklaşık 1.000 yazmanın ötesinde sayacı parçalara bölün (yazma parçalama şablonuna bakın).",
    },
    Translation {
        slug: "optimistic-locking",
        name: "Sürüm niteliğiyle iyimser kilitleme",
        description: "Her doküman bir sürüm numarası taşır. Yazıcı onu okur, dokümanı değiştirir ve version = :expected + 1 atarken ConditionExpression version = :expected ile yazar. Arada başka biri yazdıysa koşul sağlanmaz (ConditionalCheckFailedException) ve yazıcı diğer değişikliğin üzerine yazmak yerine yeniden okuyup tekrar dener. Ödünleşim: tek bir öğe üzerinde yoğun çekişmede yazıcılar sık sık yeniden dener; başarısız bir koşullu yazma da yazma kapasitesi tüketir.",
    },
    Translation {
        slug: "soft-delete",
        name: "Seyrek bir GSI ile geçici silme",
        description: "Bir notu silmek deletedAt değerini atar ve livePK'yı kaldırır (UpdateItem SET deletedAt = :now REMOVE livePK). Not tabloda kalır (geri alma, denetim, 'çöp kutusu'), ama LiveNotes yalnızca hâlâ livePK taşıyan öğeleri tutar; böylece uygulama canlı notları dizinden listeler ve silinenleri hiç filtrelemez (bir FilterExpression onları okumanın bedelini yine de öderdi). Ödünleşim: dizin canlı notları kopyalar (depolama ve her değişiklikte bir yazma); silinen öğeler temizlenene kadar (örneğin TTL ile) tablonun boyutuna sayılmaya devam eder.",
    },
    Translation {
        slug: "cursor-pagination",
        name: "LastEvaluatedKey ile imleç tabanlı sayfalama",
        description: "Bir kategorinin ürünleri, ürün kimliğine göre sıralı tek bir partition'dır. Bir sayfa Limit'li bir Query'dir; daha fazla öğe kaldığında DynamoDB LastEvaluatedKey döndürür ve sonraki sayfa oradan başlar (ExclusiveStartKey). İmleç okunan son öğenin anahtarıdır; böylece bir sayfa ne kadar derinde olursa olsun yalnızca okuduğu kadar tutar. Anahtarı bir tarayıcıya vermeden önce kodlayın (JSON'unun base64'ü). Ödünleşim: her şeyi okumadan '7. sayfaya atla' ya da toplam sayı yoktur; Limit, FilterExpression'dan önce okunan öğeleri sayar, bu yüzden filtrelenen sayfalar kısa ya da boş dönebilir.",
    },
    Translation {
        slug: "index-propagation",
        name: "İndeks yayılımı: yazmanın hemen ardından bir GSI okuması",
        description: "DynamoDB her tablo yazmasını, yazma yanıtlandıktan sonra tablonun global ikincil indekslerine kopyalar; bu genellikle saniyenin bir kesrinde olur, bu yüzden hemen yapılan bir GSI Query'si yazmayı göremeyebilir; tablonun kendisi (GetItem, tabloda ya da bir LSI'da Query) ise her zaman görür. Deneyin: Query sekmesinde saatin yanındaki indeks yayılım gecikmesini 1000 ms yapın. Yazma formuyla yeni bir PENDING sipariş ekleyin (ya da Items sekmesinde bir tane ekleyin), ardından hemen OrdersByStatus'ta GSI1PK = STATUS#PENDING için Query çalıştırın: yeni sipariş yoktur ve sonuç, yazmanın hâlâ yayıldığını ve ne zaman varacağını söyler. Items ve Indexes sekmeleri onu yolda olarak listeler. Saatte +1 s'ye basın ve Query'yi yeniden çalıştırın: sipariş oradadır. Ödünleşim: bir GSI, kodunuzda ikinci bir yazma olmadan ikinci bir erişim yolu verir; bedeli bu gecikme ve öğenin bulunduğu her indekse yansıyan bir yazmadır. Tasarımı buna göre yapın: kendi yazmanızı tablodan anahtarıyla okuyun ve bir GSI'ı nihai tutarlı sayın (ConsistentRead bir GSI'da bu yüzden reddedilir).",
    },
    Translation {
        slug: "vector-search",
        name: "Vektör arama: tadı birbirine yakın ürünler",
        description: "Her ürün taste niteliğinde elle yapılmış küçük bir gömme (embedding) taşır: ne kadar tatlı, tuzlu, çıtır ve soğuk olduğunu söyleyen dört sayı. ByTaste vektör indeksi bunları COSINE uzaklığıyla karşılaştırır; böylece iki ürünün tadı aynı yöne bakıyorsa yakındırlar: vanilyalı dondurma [0.8, 0, 0, 0.9] ile donmuş yoğurt [0.6, 0, 0, 0.8] ikisi de tatlı ve soğuktur, patates cipsi [0, 0.9, 0.9, 0] ise onlarla hiçbir şey paylaşmaz. Query sekmesini açın, SearchVectors'ı seçin ve [0.7, 0, 0, 0.9] ile arayın: donmuş tatlılar, her biri uzaklığıyla birlikte, önce gelir. category bir satır içi filtredir: tek bir reyonda aramak için category = frozen ya da category = snack ekleyin. Gerçek bir uygulama vektörlerini yüzlerce boyutlu bir gömme modelinden alır; kural aynıdır. Ödünleşim: indeks on-demand bir tablo ister ve bir vektörü ya da projekte edilen bir niteliği değiştiren her yazma ayrıca vektör yazma baytı olarak faturalanır (indeks başına en az 1 KB).",
    },
    Translation {
        slug: "tasks-by-assignee-status",
        name: "Atanan kişiye ve duruma göre görevler: sentetik anahtar ve çok nitelikli anahtar",
        description: "Bir SaaS uygulaması, bir kiracı (tenant) içinde atanan kişinin görevlerini duruma göre, teslim tarihi en yakın olan önce gelecek şekilde listeler. Tablo aynı görevleri iki global secondary index altında tutar, böylece iki tasarım yan yana sorgulanabilir. BySyntheticKey klasik yoldur: her görev GSI1PK = TENANT#<tenant>#ASSIGNEE#<user> ve GSI1SK = STATUS#<status>#DUE#<date> taşır; bu dizgeleri uygulama her yazmada kurar ve her okumada parçalar, ve böyle bir indeks bir görevi karşılayabilmeden önce bu dizgelerin var olan her göreve geri yazılması gerekir. ByAssigneeStatus çok nitelikli bir anahtardır (Kasım 2025): partition key'i tenantId ve assignee birlikte, sort key'i önce status sonra dueDate'tir; bunlar görevin zaten taşıdığı niteliklerdir, böylece hiçbir şey birleştirilmez, her parça kendi türünü korur (bir sayı sayı olarak sıralanır) ve indeksi sonradan eklemek geri doldurma (backfill) gerektirmez. Onun üzerindeki bir Query tenantId ve assignee'yi = ile, ardından status ve dueDate'i soldan sağa verir: 'status = OPEN AND dueDate < 2026-03-01' çalışır, ama status üzerinde koşul olmadan dueDate üzerindeki bir koşul reddedilir, çünkü öğeler önce status'a göre sıralıdır. Atanmamış görevin (t8) assignee'si yoktur, bu yüzden iki indeks de onu tutmaz. Ödünleşim: sentetik anahtar dizgelerine her şeyi katabilir (varlık türü başına bir önek, kısmi bir status üzerinde begins_with) ve her araçla çalışır; çok nitelikli anahtar ise her partition niteliğinde yalnızca eşitliğe ve sort niteliklerinin soldan sağa bir önekine izin verir ve PartiQL onu okuyamaz; karşılığında uygulama anahtar kurmayı ve ayrıştırmayı bırakır ve durum değişikliği görevi indekste kendiliğinden taşır.",
    },
    Translation {
        slug: "doc-embedding-vs-referencing",
        name: "Doküman desenleri: gömme ve referans verme",
        description: "Gömme (gönderi p1): yazar ve yorumlar gönderi öğesinin içindedir. Tek bir GetItem her şeyi okur, ama her yeni yorum öğenin tamamını yeniden yazar (WCU'su boyutuyla birlikte büyür) ve bir öğe 400 KB'ı aşamaz. Referans verme (gönderi p2): her yorum, gönderinin partition'ında zamana göre sıralı kendi öğesidir. Yorum eklemek tek bir küçük öğe yazar ve 'gönderi ve son yorumları' yine tek bir Query'dir. Birlikte okunan, küçük ve sınırlı olanı gömün; sınırsız büyüyeni ya da sık yazılanı referansla bağlayın. DynamoDB'de öğe koleksiyonu, gömmenin bir dokümanda sağladığı yakınlığı referans vermeye de sağlar.",
    },
    Translation {
        slug: "doc-attribute-pattern",
        name: "Doküman desenleri: nitelik deseni",
        description: "Farklı türdeki ürünlerin farklı özellikleri vardır (bir televizyonun ekranı ve HDMI girişleri, bir kameranın sensörü). Her özellik için seyrek bir sütun yerine, her özellik ürünün altında ATTR#<key> biçiminde bir anahtar/değer öğesidir ve ByAttribute GSI'ı (attrKey, attrValue) ürünleri herhangi bir özelliğe göre bulur: 'screen = 55in', 'resolution 4 ile başlar'. Tek bir dizin, bugünkü ya da gelecekteki her özelliğe hizmet eder. Ödünleşim: her özellik bir öğedir (her biri bir yazma), değerler metin olarak karşılaştırılır (sıralanması gereken sayıları başına sıfır koyarak saklayın) ve bir ürünü özellikleriyle okumak bir GetItem değil bir Query'dir.",
    },
    Translation {
        slug: "doc-bucket-pattern",
        name: "Doküman desenleri: kova deseni",
        description: "Ölçüm başına bir öğe yerine, bir cihazın bir saatteki ölçümleri, bir de sayı ve toplam tutan tek bir kova öğesini paylaşır (HOUR#<yyyy-mm-ddThh>). Bir gün binlerce öğe yerine 24 öğedir ve saatlik ortalama için tarama gerekmez. Her yeni ölçüm, listeye ekleme yapan ve sayıyla toplama ekleyen bir UpdateItem'dır: SET readings = list_append(readings, :r) ADD #c :one, #s :v. Ödünleşim: her ekleme kova öğesinin tamamını yeniden yazar, bu yüzden bir kovanın yazma maliyeti boyutuyla birlikte büyür (KB başına 1 WCU); kovaları küçük ve sınırlı tutun (400 KB'ın epey altında) ve ölçümler yüksek hızla yazılıyorsa ölçüm başına öğe kullanın.",
    },
    Translation {
        slug: "doc-polymorphic",
        name: "Doküman desenleri: çok biçimli öğeler",
        description: "Kitapların, filmlerin ve albümlerin nitelikleri farklıdır ama birlikte okunurlar ('katalogdaki her şey'); bu yüzden tek bir partition'ı ve tek bir anahtar biçimini paylaşırlar, Type niteliği de her öğenin hangi türden olduğunu söyler. DynamoDB'de öğe başına şema yoktur, bu yüzden boş sütun da yoktur; uygulama Type'a göre davranır. Type üzerindeki bir FilterExpression okumayı tek bir türe daraltır (diğerlerini yine okur ve bedelini öder). Ödünleşim: bir tür sık sık tek başına sorgulanıyorsa ona kendi Sort Key önekini verin (BOOK#, MOVIE#); böylece begins_with onu filtresiz seçer.",
    },
    Translation {
        slug: "doc-hybrid",
        name: "Doküman desenleri: karma (özeti göm, gerisine referans ver)",
        description: "Sipariş öğesi, sipariş listesinin gösterdiklerini gömer (durum, toplam, ilk iki satır, satır sayısı) ve her satır ayrıca siparişin partition'ında kendi öğesidir. Liste sayfası sipariş başına tek bir küçük öğe okur; sipariş sayfası partition'ın tamamını tek bir Query ile okur. Ödünleşim: gömülü özet veriyi kopyalar, bu yüzden bir satırı değiştirmek satırı ve özeti birlikte güncellemek demektir (TransactWriteItems ikisini tutarlı tutar).",
    },
    Translation {
        slug: "doc-materialised-aggregates",
        name: "Doküman desenleri: önceden hesaplanmış toplamlar",
        description: "Filmin ortalama puanı her sayfa görüntülenmesinde gösterilir ama yalnızca biri puan verdiğinde değişir. Bu yüzden film öğesi, bir puan yazıldığında güncellenen ratingCount ve ratingSum değerlerini tutar (Rating öğesiyle aynı TransactWriteItems içinde ya da bir DynamoDB Stream'den) ve ortalama ratingSum / ratingCount olur: her puanı okumak yerine tek bir GetItem. '#META', 'RATING#' değerinden önce sıralanır; böylece film ve son puanları tek bir Query ile birlikte de gelir. Ödünleşim: her yazma toplamı da günceller (daha fazla WCU ve çok popüler filmler için sıcak bir öğe); stream tabanlı bir güncelleme nihai tutarlıdır.",
    },
    Translation {
        slug: "doc-extended-reference",
        name: "Doküman desenleri: genişletilmiş referans",
        description: "Bir sipariş müşterisine kimliğiyle referans verir ve her sipariş görünümünün ihtiyaç duyduğu birkaç müşteri alanını da kopyalar (ad, teslimat adresi). Bir siparişi ya da ByCustomer GSI'ından bir müşterinin siparişlerini göstermek için müşteriyi ikinci kez okumak gerekmez. Seyrek değişen ya da sipariş anındaki değeri önemli olan alanları kopyalayın (kolinin gittiği adres). Ödünleşim: kopyalar eskir; güncel kalması gereken bir alan (sadakat seviyesi) kopyalanmaz ve kopyalanmış bir alanı değiştirmek her kopyayı güncellemek ya da eski değeri geçmiş olarak kabul etmek demektir.",
    },
    Translation {
        slug: "doc-ecommerce",
        name: "Dokümanlardan e-ticaret: müşteriler, siparişler, gömülü yorumlu ürünler",
        description: "Kaynak 004'ün e-ticaret senaryosu (bir MongoDB tasarımı) tek bir DynamoDB tablosu olarak. Doküman modeli kullanıcıda bir sipariş kimlikleri dizisi tutar ve $lookup ile birleştirir; DynamoDB'de birleştirme yoktur, bu yüzden siparişler kullanıcının öğe koleksiyonuna taşınır (USER#<id>, SK ORDER#<date>#<id>) ve 'bir kullanıcının siparişleri', önce kullanıcıyı sonra her siparişi okumak yerine, en yenisi önce tek bir Query olur. Her sipariş ürünün adını kopyalar (kaynaktaki siparişin kullanıcının adını kopyalaması gibi denormalize edilmiş): sipariş listesi onu ürünü okumadan gösterir. Yorumlar kaynakta olduğu gibi ürün öğesine gömülü kalır (bir map listesi); böylece 'yorumlarıyla bir ürün' tek bir GetItem olur; yorumlar az ve kısa olduğu sürece doğrusu budur. Birlikte okunan ve sınırlı olanı gömün; büyüyene referans verin. Ödünleşim: bir öğe en fazla 400 KB'tır, bu yüzden binlerce yorumu olan bir ürün onları kendi öğeleri olarak tutmalıdır (PRODUCT#<id>, REVIEW#<n>); adı değişen bir ürün de geçmiş siparişlerde eski adını korur, ki bir siparişin göstermesi gereken de budur.",
    },
    Translation {
        slug: "doc-social-media",
        name: "Dokümanlardan sosyal medya: gönderiler, yorumlar ve beğeniler",
        description: "Kaynak 004'ün sosyal medya senaryosu (bir MongoDB tasarımı) tek bir DynamoDB tablosu olarak. Doküman modeli yorumlara gönderiden referans verir (bir yorum kimlikleri dizisi) ve onları $lookup ile birleştirir; burada yorumlar gönderinin kendi öğe koleksiyonundaki öğelerdir (POST#<id>, SK COMMENT#<time>#<id>); böylece 'yorumlarıyla bir gönderi' tek bir Query, 'son yorumlar' da Limit ile geriye doğru çalışan aynı Query olur. Beğeni sayısı gönderideki bir sayıdır ve UpdateItem ADD ile artırılır (atomik bir sayaç: okuma yok, yarış yok); kaynağın begeni_sayisi'ni gönderide tutması gibi. Bir kullanıcının gönderileri, kaynağın kullanıcıda tuttuğu ve sınırsız büyüyecek olan gönderi kimlikleri dizisi yerine ByAuthor üzerinden bulunur (GSI1PK = USER#<author>, GSI1SK = POST#<time>). Ödünleşim: beğeni yağmuruna tutulan bir gönderi tek bir sıcak öğedir (saniyede en fazla yaklaşık 1.000 yazma): sayacını parçalara bölün ya da beğenileri toplu sayın.",
    },
];
