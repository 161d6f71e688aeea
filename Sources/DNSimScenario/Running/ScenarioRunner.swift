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
        switch scenario.platform {
        case .android:
            let world = AndroidWorld(scenario: scenario, options: options)
            try world.run()
            return RunResultBuilder(outcome: world.outcome()).build()
        case .ios:
            let world = IOSWorld(scenario: scenario, options: options)
            try world.run()
            return RunResultBuilder(outcome: world.outcome()).build()
        case .electron:
            let world = ElectronWorld(scenario: scenario, options: options)
            try world.run()
            return RunResultBuilder(outcome: world.outcome()).build()
        }
    }
}
