//! The simulator's words in English and Turkish: throttle reasons and the what-if verdict.
//!
//! Whole sentences with `{argument}` holes; numbers, money and shares are formatted by the language
//! that shows them. Kept beside the code that chooses them, so a new verdict cannot lack a language
//! (the crate's tests render every one in both).

use alloc::string::String;

use messages::{Catalog, Lang, Message};

use crate::target::ThrottleReason;

/// `message` in `lang`, from the simulator's tables.
pub fn render(message: &Message, lang: Lang) -> String {
    CATALOG.render(message, lang)
}

impl ThrottleReason {
    /// What refused the request, as the Heat charts' legend names it ("partition ceiling").
    pub fn label(self) -> Message {
        Message::new(match self {
            ThrottleReason::PartitionLimit => "throttle.partition_limit",
            ThrottleReason::ProvisionedExceeded => "throttle.provisioned_exceeded",
            ThrottleReason::OnDemandLimit => "throttle.on_demand_limit",
            ThrottleReason::IndexBackPressure => "throttle.index_back_pressure",
        })
    }
}

pub const CATALOG: Catalog = Catalog { en: EN, tr: TR };

const EN: &[(&str, &str)] = &[
    ("throttle.partition_limit", "partition ceiling"),
    ("throttle.provisioned_exceeded", "provisioned capacity exceeded"),
    ("throttle.on_demand_limit", "on-demand warm throughput"),
    ("throttle.index_back_pressure", "GSI back-pressure"),
    // The what-if verdict: throttling, what the variant now serves, then the monthly cost.
    ("verdict", "{throttling} {costs}"),
    ("verdict.served_too", "{throttling} {served} {costs}"),
    ("verdict.percent", "{percent} %"),
    ("verdict.throttle.neither", "Neither design throttles."),
    ("verdict.throttle.removed", "The variant removes all throttling: {before} throttled requests ({share} of {requests}) drop to none."),
    ("verdict.throttle.added", "The variant throttles {after} requests ({share} of {requests}) where the current design throttles none."),
    ("verdict.throttle.fewer", "The variant throttles {difference} fewer requests: {after} instead of {before} ({share_after} instead of {share_before})."),
    ("verdict.throttle.more", "The variant throttles {difference} more requests: {after} instead of {before} ({share_after} instead of {share_before})."),
    ("verdict.throttle.same", "Both designs throttle {throttled} requests."),
    ("verdict.served", "The variant serves {more} requests that the current design throttled ({after} served instead of {before}); a throttled request consumes no capacity and costs nothing."),
    ("verdict.served.consumes", "The variant serves {more} requests that the current design throttled ({after} served instead of {before}); a throttled request consumes no capacity and costs nothing, so over the run it consumes {units}."),
    ("verdict.served.consumes_both", "The variant serves {more} requests that the current design throttled ({after} served instead of {before}); a throttled request consumes no capacity and costs nothing, so over the run it consumes {first} and {second}."),
    ("verdict.served.wcu", "{difference} more WCU ({after} instead of {before})"),
    ("verdict.served.rcu", "{difference} more RCU ({after} instead of {before})"),
    ("verdict.costs", "At this run's rate for a month it costs {on_demand} and {provisioned}."),
    ("verdict.mode.on_demand", "on-demand"),
    ("verdict.mode.provisioned", "provisioned"),
    ("verdict.cost.same", "the same {mode} ({after})"),
    ("verdict.cost.less", "{difference} less {mode} ({after} instead of {before})"),
    ("verdict.cost.more", "{difference} more {mode} ({after} instead of {before})"),
];

const TR: &[(&str, &str)] = &[
    ("throttle.partition_limit", "partition tavanı"),
    ("throttle.provisioned_exceeded", "provisioned kapasite aşıldı"),
    ("throttle.on_demand_limit", "on-demand ısınmış verim sınırı"),
    ("throttle.index_back_pressure", "GSI geri basıncı"),
    ("verdict", "{throttling} {costs}"),
    ("verdict.served_too", "{throttling} {served} {costs}"),
    ("verdict.percent", "%{percent}"),
    ("verdict.throttle.neither", "İki tasarım da istek kısıtlamıyor."),
    ("verdict.throttle.removed", "Varyant kısıtlamayı tamamen kaldırıyor: kısıtlanan {before} istek ({requests} isteğin {share} kadarı) sıfıra iniyor."),
    ("verdict.throttle.added", "Mevcut tasarım hiç istek kısıtlamazken varyant {after} isteği ({requests} isteğin {share} kadarı) kısıtlıyor."),
    ("verdict.throttle.fewer", "Varyant {difference} daha az istek kısıtlıyor: {before} yerine {after} ({share_before} yerine {share_after})."),
    ("verdict.throttle.more", "Varyant {difference} daha fazla istek kısıtlıyor: {before} yerine {after} ({share_before} yerine {share_after})."),
    ("verdict.throttle.same", "İki tasarım da {throttled} istek kısıtlıyor."),
    ("verdict.served", "Varyant, mevcut tasarımın kısıtladığı {more} isteği karşılıyor ({before} yerine {after} karşılanan istek); kısıtlanan bir istek kapasite tüketmez ve bir şey tutmaz."),
    ("verdict.served.consumes", "Varyant, mevcut tasarımın kısıtladığı {more} isteği karşılıyor ({before} yerine {after} karşılanan istek); kısıtlanan bir istek kapasite tüketmez ve bir şey tutmaz, bu yüzden çalıştırma boyunca {units} tüketiyor."),
    ("verdict.served.consumes_both", "Varyant, mevcut tasarımın kısıtladığı {more} isteği karşılıyor ({before} yerine {after} karşılanan istek); kısıtlanan bir istek kapasite tüketmez ve bir şey tutmaz, bu yüzden çalıştırma boyunca {first} ve {second} tüketiyor."),
    ("verdict.served.wcu", "{difference} WCU daha fazla ({before} yerine {after})"),
    ("verdict.served.rcu", "{difference} RCU daha fazla ({before} yerine {after})"),
    ("verdict.costs", "Bu çalıştırmanın hızıyla bir aylık maliyet {on_demand}, {provisioned}."),
    ("verdict.mode.on_demand", "on-demand"),
    ("verdict.mode.provisioned", "provisioned"),
    ("verdict.cost.same", "{mode} modda aynı ({after})"),
    ("verdict.cost.less", "{mode} modda {difference} daha az ({before} yerine {after})"),
    ("verdict.cost.more", "{mode} modda {difference} daha fazla ({before} yerine {after})"),
];
