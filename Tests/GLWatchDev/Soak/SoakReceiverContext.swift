import Hummingbird
import NIOCore

/// The receiver's request context: Hummingbird's core storage plus the channel, to drop a connection on purpose.
struct SoakReceiverContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        self.coreContext = CoreRequestContextStorage(source: source)
        self.channel = source.channel
    }
}
