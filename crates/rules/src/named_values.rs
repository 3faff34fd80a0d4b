//! A macro for option enums whose values have record names (`"simple"`, `"area"`, ...):
//! one table gives both the parser and the printer, so the two cannot drift apart.

/// Implements `FromStr` and `Display` for an option enum with its record names.
/// The enum's module must have a `RulesError` with an `UnknownValue { option, value }`
/// variant.
macro_rules! named_values {
    ($ty:ty, $option:literal, { $($name:literal => $value:expr),+ $(,)? }) => {
        impl FromStr for $ty {
            type Err = RulesError;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                match s {
                    $($name => Ok($value),)+
                    _ => Err(RulesError::UnknownValue { option: $option, value: s.to_owned() }),
                }
            }
        }
        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                $(if *self == $value { return f.write_str($name); })+
                Ok(())
            }
        }
    };
}
