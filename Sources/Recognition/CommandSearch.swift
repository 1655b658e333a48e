/// How the recogniser searches for commands and look-ups (config `command_search`).
public enum CommandSearch: String, Sendable, Hashable, CaseIterable {
    /// The command language model (``CommandLanguageModel``): speech is heard as the
    /// grammar's sentences or as everyday words, and only a sentence of the grammar is
    /// acted on. The default: it keeps real people's commands in a noisy room and turns
    /// away near-misses ("begin the dishes") that the grammar forces onto a command.
    case languageModel = "language-model"
    /// The grammar itself, with its phone-loop garbage path (`garbage_weight`; 0: none).
    case grammar
}
