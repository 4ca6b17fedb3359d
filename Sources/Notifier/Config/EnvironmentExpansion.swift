/// `${NAME}` in a notification URL, replaced by the environment variable's value so secrets stay out of
/// committed configs: `tgram://${TELEGRAM_TOKEN}/-100123`. `$$` stands for a literal `$`.
enum EnvironmentExpansion {
    /// Why a text cannot be expanded (naming the variable, never a value).
    struct Failure: Error, Equatable {
        var message: String
    }

    /// The text with every `${NAME}` replaced; names are letters, digits and `_`.
    static func expand(_ text: String, in environment: any ConfigEnvironment) throws(Failure) -> String {
        var output = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            guard character == "$", next < text.endIndex else {
                output.append(character)
                index = next
                continue
            }
            if text[next] == "$" {
                output.append("$")
                index = text.index(after: next)
                continue
            }
            guard text[next] == "{" else {
                output.append(character)
                index = next
                continue
            }
            guard let close = text[next...].firstIndex(of: "}") else {
                throw Failure(message: "\"${\" is not closed with \"}\"")
            }
            let inside = String(text[text.index(after: next)..<close])
            let split = inside.range(of: ":-")
            let name = split.map { String(inside[..<$0.lowerBound]) } ?? inside
            let fallback = split.map { String(inside[$0.upperBound...]) }
            guard let first = name.first, first == "_" || first.isLetter,
                name.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) })
            else {
                throw Failure(message: "\"${…}\" must hold an environment variable name (letters, digits, _)")
            }
            if let value = environment.variable(named: name), !(fallback != nil && value.isEmpty) {
                output += value
            } else if let fallback {
                output += fallback
            } else {
                throw Failure(message: "environment variable \"\(name)\" is not set")
            }
            index = text.index(after: close)
        }
        return output
    }
}
