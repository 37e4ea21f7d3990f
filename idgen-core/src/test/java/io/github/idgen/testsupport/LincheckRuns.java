package io.github.idgen.testsupport;

import org.jetbrains.lincheck.datastructures.ManagedStrategyGuaranteeKt;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.jetbrains.lincheck.datastructures.verifier.EpsilonVerifier;

/**
 * The options every {@code *LincheckTests} class runs Lincheck with, so that scenario sizes and run
 * lengths are set in one place, for the time the baseline leg of {@code .ci/run} gives them.
 * <p>
 * The checks verify the promises inside their operations and in their {@code @Validate} function
 * ({@link IssuedIds}), not by comparing results with a sequential specification: ids depend on clock
 * readings, which no sequential run reproduces. So the verifier accepts any results
 * ({@link EpsilonVerifier}), and a broken promise fails the validation, with the interleaving printed.
 */
public final class LincheckRuns {

	private LincheckRuns() {
	}

	/**
	 * Model checking: scenarios of three threads, explored interleaving by interleaving.
	 * @param iterations how many random scenarios
	 * @param invocations how many interleavings of each at most
	 * @return the options
	 */
	public static ModelCheckingOptions modelChecking(int iterations, int invocations) {
		return new ModelCheckingOptions().iterations(iterations)
			.invocationsPerIteration(invocations)
			.threads(3)
			.actorsPerThread(3)
			.actorsBefore(2)
			.actorsAfter(2)
			.verifier(EpsilonVerifier.class)
			// the bookkeeping of the check and the test clock are no part of the code under test: no
			// interleaving inside them, so that the invocations go to the code under test
			.addGuarantee(ManagedStrategyGuaranteeKt.forClasses(IssuedIds.class.getName()).allMethods().ignore())
			.addGuarantee(ManagedStrategyGuaranteeKt.forClasses(SteppingClock.class.getName()).allMethods().treatAsAtomic())
			// nor inside logging, which only writes what happened
			.addGuarantee(ManagedStrategyGuaranteeKt
				.forClasses((name) -> name.startsWith("org.slf4j.") || name.startsWith("ch.qos.logback."))
				.allMethods()
				.ignore());
	}

	/**
	 * Stress: the same scenarios on real threads, for what the model checker cannot reach (its
	 * sequentially consistent memory model hides a missing {@code volatile}).
	 * @param iterations how many random scenarios
	 * @param invocations how many runs of each
	 * @return the options
	 */
	public static StressOptions stress(int iterations, int invocations) {
		return new StressOptions().iterations(iterations)
			.invocationsPerIteration(invocations)
			.threads(3)
			.actorsPerThread(3)
			.actorsBefore(2)
			.actorsAfter(2)
			.verifier(EpsilonVerifier.class);
	}

}
