package io.github.idgen.server.web;

import java.io.IOException;
import java.io.Writer;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpStatus;

/**
 * Tomcat's error report as a problem detail instead of an HTML page: what Tomcat answers before a
 * request reaches the application (a request line it cannot parse, such as a raw {@code '{'} in a
 * query) and what no error page handled. Fixed text per status: never Tomcat's message, which repeats
 * the request line.
 */
public class ProblemErrorReportValve extends ErrorReportValve {

	/**
	 * Creates the valve; public, since Tomcat makes its host's error report valve from the class's name
	 * ({@code StandardHost.setErrorReportValveClass}).
	 */
	public ProblemErrorReportValve() {
	}

	@Override
	protected void report(Request request, Response response, @Nullable Throwable throwable) {
		int code = response.getStatus();
		if (code < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
			return;
		}
		AtomicBoolean ioAllowed = new AtomicBoolean(true);
		response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
		if (!ioAllowed.get()) {
			return;
		}
		HttpStatus status = HttpStatus.resolve(code);
		String title = (status != null) ? status.getReasonPhrase() : "Error";
		String detail = (status == HttpStatus.BAD_REQUEST)
				? "The request could not be read: its request line or a header is not valid HTTP (in a URL, characters"
						+ " such as '{', '|', '\\\"' and spaces must be percent-encoded)."
				: (status != null) ? ProblemErrorController.detail(status) : "The request failed.";
		try {
			// JSON is UTF-8 by definition (RFC 8259), and this text is ASCII: no charset, as the API's answers have none
			response.setContentType("application/problem+json");
			Writer writer = response.getReporter();
			if (writer != null) {
				writer.write("{\"title\":\"" + title + "\",\"status\":" + code + ",\"detail\":\"" + detail + "\"}");
				response.finishResponse();
			}
		}
		catch (IOException | IllegalStateException ex) {
			// the connection is gone or the answer committed: nothing more to tell
		}
	}

}
