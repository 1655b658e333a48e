/// Where decoders come from, for code that hears through the port (``SpeechDecoder``) and
/// need not know the engine behind it (`listen`): a new decoder, the stock model's files,
/// and the memory the engine freed given back.
public enum SpeechDecoders {
    /// A decoder of the stock acoustic model with `dictionary` and `configuration`; the
    /// engine's log goes to `logFile`.
    public static func make(dictionary: String, configuration: DecoderConfiguration,
                            logFile: String = "/dev/null") throws(DecoderError) -> any SpeechDecoder {
        try PocketSphinxDecoder(dictionary: dictionary, configuration: configuration, logFile: logFile)
    }

    /// The stock en-us language model.
    public static var stockLanguageModel: String { PocketSphinxDecoder.defaultLanguageModel }
    /// The stock en-us dictionary (cmudict).
    public static var stockDictionary: String { PocketSphinxDecoder.defaultDictionary }
    /// The phone model of a free loop of phones (``SpeechDecoder/setPhoneLoop(_:path:)``).
    public static var phoneLanguageModel: String { PocketSphinxDecoder.defaultPhoneLanguageModel }

    /// Gives the memory freed by decoders back to the system
    /// (``PocketSphinxDecoder/returnFreedMemory()``).
    public static func returnFreedMemory() {
        PocketSphinxDecoder.returnFreedMemory()
    }
}
