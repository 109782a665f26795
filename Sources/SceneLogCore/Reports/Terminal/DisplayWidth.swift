/// How many terminal columns text takes: what the text reports wrap by.
///
/// ANSI escape sequences (the reports' own colours) take none; a grapheme cluster takes one
/// column, two when it is East Asian wide or fullwidth or an emoji shown as one, none when it is a
/// lone combining mark or format character. Log text reaches a report escaped
/// (``Escaping/terminalLine(_:)``), so every escape sequence in it is one the report wrote.
enum DisplayWidth {
    /// The columns `text` takes.
    static func of(_ text: some StringProtocol) -> Int {
        var width = 0
        var state = EscapeState.text
        for character in text {
            switch state {
            case .text:
                if character == "\u{1B}" { state = .escape } else { width += of(character) }
            case .escape:
                state = character == "[" ? .controlSequence : .text
            case .controlSequence:
                // A control sequence ends with its final byte, 0x40–0x7E.
                if let value = character.unicodeScalars.first?.value, (0x40...0x7E).contains(value) { state = .text }
            }
        }
        return width
    }

    /// Where ``of(_:)`` is in an escape sequence.
    private enum EscapeState {
        case text, escape, controlSequence
    }

    /// The columns one grapheme cluster takes.
    static func of(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if scalar.properties.isEmojiPresentation || character.unicodeScalars.contains("\u{FE0F}") { return 2 }
        return isWide(scalar) ? 2 : 1
    }

    /// Whether `scalar` is East Asian wide or fullwidth (Unicode's EastAsianWidth W and F blocks:
    /// Hangul Jamo, CJK, Hangul syllables, compatibility ideographs, fullwidth forms, the
    /// supplementary ideographic planes).
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            true
        default: false
        }
    }
}
