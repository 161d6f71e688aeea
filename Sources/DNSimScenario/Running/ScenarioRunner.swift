import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import DNSimPlugin

/// Runs scenarios and turns each run into a ``RunResult``.
public enum ScenarioRunner {
    /// Runs `scenario` (with its own profile and seed) and evaluates its checks.
    ///
    /// - Throws: ``SimulationError`` when a guard stops a runaway run.
    public static func run(_ scenario: Scenario, options: RunOptions = RunOptions()) throws -> RunResult {
        RunResultBuilder(outcome: try outcome(of: scenario, options: options), scope: options.scope).build()
    }

    /// Runs `scenario` and returns what its world left behind. The world (its OS model, plugin
    /// store and logs) is released on return, before the result is built, so a long run's
    /// peak memory does not hold the world and the result at once.
    private static func outcome(of scenario: Scenario, options: RunOptions) throws -> WorldOutcome {
        switch scenario.platform {
        case .android:
            let world = AndroidWorld(scenario: scenario, options: options)
            try world.run()
            return world.outcome()
        case .ios:
            let world = IOSWorld(scenario: scenario, options: options)
            try world.run()
            return world.outcome()
        case .electron:
            let world = ElectronWorld(scenario: scenario, options: options)
            try world.run()
            return world.outcome()
        }
    }
}
