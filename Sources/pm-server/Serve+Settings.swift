import ArgumentParser

extension Serve {
    /// Each option's value as parsed, by its name on the command line (`sign-in-limit`), its
    /// option groups' included: what `pm-server config` prints, read from the declarations
    /// themselves so that no option is left out of it.
    var settingValues: [String: String] {
        var values: [String: String] = [:]
        func collect(_ value: Any) {
            for child in Mirror(reflecting: value).children {
                guard let label = child.label, label.hasPrefix("_") else { continue }
                if let option = child.value as? any SettingValue {
                    values[Self.optionName(String(label.dropFirst()))] = option.settingText
                } else if let group = child.value as? any SettingGroup {
                    collect(group.groupValue)
                }
            }
        }
        collect(self)
        return values
    }

    /// `signInLimit` as the parser names its option: `sign-in-limit`.
    static func optionName(_ property: String) -> String {
        property.reduce(into: "") { name, character in
            if character.isUppercase {
                name += "-" + character.lowercased()
            } else {
                name.append(character)
            }
        }
    }
}

/// An option's parsed value as text (`nil` when an optional one is not set).
protocol SettingValue {
    var settingText: String? { get }
}

extension Option: SettingValue {
    var settingText: String? {
        let value: Any = wrappedValue
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return "\(value)" }
        return mirror.children.first.map { "\($0.value)" }
    }
}

/// An option group's parsed value, to read its options from.
protocol SettingGroup {
    var groupValue: Any { get }
}

extension OptionGroup: SettingGroup {
    var groupValue: Any { wrappedValue }
}
