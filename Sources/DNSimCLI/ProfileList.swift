import DNSimCore
import DNSimPlugin

/// A comma-separated list of plugin profiles on the command line (`--profile` of explore,
/// `--profiles` of fleet), or `all`.
enum ProfileList {
    /// The profiles named in `list`, in order and without repeats, or the message for the
    /// option `option` when a name is unknown (with a did-you-mean) or the list is empty.
    static func parse(_ list: String, option: String) -> Result<[PluginProfile], ProfileListError> {
        let all = PluginProfile.allCases.map(\.rawValue)
        let names = list == "all" ? all : list.split(separator: ",").map(String.init)
        var chosen: [PluginProfile] = []
        for name in names {
            guard let profile = PluginProfile(rawValue: name) else {
                return .failure(ProfileListError(message: "\(option): unknown profile '\(name)'" + Suggestion.didYouMean(name, among: all)))
            }
            if !chosen.contains(profile) { chosen.append(profile) }
        }
        guard !chosen.isEmpty else { return .failure(ProfileListError(message: "\(option) is empty")) }
        return .success(chosen)
    }
}

/// Why a profile list was refused.
struct ProfileListError: Error {
    var message: String
}
