/// How the recogniser searches for commands and look-ups (config `command_search`).
public enum CommandSearch: String, Sendable, Hashable, CaseIterable {
    /// The command language model (``CommandLanguageModel``) and the plain grammar hear
    /// the same audio; the grammar's sentence is acted on when one fitted confidence of the
    /// two decodes says so (``CommandConfidence``). The default: the model hears a
    /// near-miss ("begin the dishes") as the everyday words it is, where the grammar alone
    /// forces it onto a command.
    case languageModel = "language-model"
    /// The grammar itself, with its phone-loop garbage path (`garbage_weight`; 0: none).
    case grammar
}
