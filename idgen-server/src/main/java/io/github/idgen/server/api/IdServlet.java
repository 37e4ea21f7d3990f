package io.github.idgen.server.api;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletMapping;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.MappingMatch;

import org.jspecify.annotations.Nullable;

import org.springframework.web.filter.ServerHttpObservationFilter;
import org.springframework.web.servlet.DispatcherServlet;
import org.springframework.web.servlet.HandlerExceptionResolver;

/**
 * The endpoints a caller asks once per id ({@link IdEndpoint}), served by a servlet of their own in
 * the server's Tomcat instead of Spring MVC's {@code DispatcherServlet}, whose dispatch (handler
 * lookup, argument resolution, content negotiation, message conversion, a request event) cost a
 * fifth of such a request's CPU. Every filter still runs before it: Spring Security's token rules,
 * the request's metrics. The answers are Spring MVC's own: an id is written as the controllers write
 * it, a failure goes to the same {@code HandlerExceptionResolver} (so to {@code ApiExceptionHandler})
 * as a controller's would, and every request it does not take exactly, such as another method, an
 * {@code Accept} header other than the usual ones, an encoded path or another endpoint under the same
 * prefix ({@code /v1/segments/{tag}/ranges}), it forwards to Spring MVC untouched, which answers it
 * as before.
 */
final class IdServlet extends HttpServlet {

	/** Where Tomcat sends requests to it: every path of these, of which it serves some. */
	static final String[] MAPPINGS = { "/api/segment/get/*", "/api/snowflake/get/*", "/v1/ids/next",
			"/v1/generators/*", "/v1/segments/*" };

	/** What Spring MVC writes for a {@code String} produced as {@code text/plain}, and for Leaf's answers. */
	private static final String TEXT_PLAIN_UTF8 = "text/plain;charset=UTF-8";

	private final transient Ids ids;

	private final transient HandlerExceptionResolver resolver;

	private final String springMvc;

	/**
	 * Creates the servlet.
	 * @param ids the server's ids
	 * @param resolver Spring MVC's exception resolver, which writes its problem details
	 * @param springMvc the name of the {@code DispatcherServlet}, for requests it leaves to it
	 */
	IdServlet(Ids ids, HandlerExceptionResolver resolver, String springMvc) {
		this.ids = ids;
		this.resolver = resolver;
		this.springMvc = springMvc;
	}

	@Override
	protected void doGet(HttpServletRequest request, HttpServletResponse response)
			throws ServletException, IOException {
		IdEndpoint.Match match = taken(request);
		if (match != null && (match.endpoint().leaf() || acceptsTextPlain(request.getHeader("Accept")))) {
			answer(match, request, response);
		}
		else {
			toSpringMvc(request, response);
		}
	}

	/** Leaf's endpoints are mapped for every method, and its clients may post. */
	@Override
	protected void doPost(HttpServletRequest request, HttpServletResponse response)
			throws ServletException, IOException {
		IdEndpoint.Match match = taken(request);
		if (match != null && match.endpoint().leaf()) {
			answer(match, request, response);
		}
		else {
			toSpringMvc(request, response);
		}
	}

	// Every other method is Spring MVC's to answer. Each has its method here also because Tomcat tells the
	// methods a path allows (the Allow of its own 405 to TRACE) from the ones its servlet declares, and
	// these are the ones Spring MVC's DispatcherServlet declares.

	@Override
	protected void doHead(HttpServletRequest request, HttpServletResponse response)
			throws ServletException, IOException {
		toSpringMvc(request, response);
	}

	@Override
	protected void doPut(HttpServletRequest request, HttpServletResponse response)
			throws ServletException, IOException {
		toSpringMvc(request, response);
	}

	@Override
	protected void doPatch(HttpServletRequest request, HttpServletResponse response)
			throws ServletException, IOException {
		toSpringMvc(request, response);
	}

	@Override
	protected void doDelete(HttpServletRequest request, HttpServletResponse response)
			throws ServletException, IOException {
		toSpringMvc(request, response);
	}

	@Override
	protected void doOptions(HttpServletRequest request, HttpServletResponse response)
			throws ServletException, IOException {
		toSpringMvc(request, response);
	}

	@Override
	protected void doTrace(HttpServletRequest request, HttpServletResponse response)
			throws ServletException, IOException {
		toSpringMvc(request, response);
	}

	private void answer(IdEndpoint.Match match, HttpServletRequest request, HttpServletResponse response)
			throws ServletException, IOException {
		IdEndpoint endpoint = match.endpoint();
		ServerHttpObservationFilter.findObservationContext(request)
			.ifPresent((context) -> context.setPathPattern(endpoint.pattern()));
		long id;
		try {
			id = endpoint.nextId(this.ids, match.name(), request);
		}
		catch (Exception ex) {
			answerFailure(request, response, ex);
			return;
		}
		byte[] body = Long.toString(id).getBytes(StandardCharsets.US_ASCII);
		response.setContentType(TEXT_PLAIN_UTF8);
		response.setContentLength(body.length);
		response.getOutputStream().write(body);
	}

	/** The endpoint a request's path is exactly, or null for a path Spring MVC answers. */
	private static IdEndpoint.@Nullable Match taken(HttpServletRequest request) {
		String uri = request.getRequestURI();
		if (uri.indexOf('%') >= 0 || uri.indexOf(';') >= 0) {
			return null;
		}
		String contextPath = request.getContextPath();
		return IdEndpoint.match(contextPath.isEmpty() ? uri : uri.substring(contextPath.length()));
	}

	/**
	 * Whether an {@code Accept} header is one of the usual ones that {@code text/plain} satisfies; any
	 * other goes to Spring MVC, whose content negotiation then answers it exactly as before (406 for
	 * {@code application/json} alone).
	 */
	private static boolean acceptsTextPlain(@Nullable String accept) {
		return accept == null || accept.equals("*/*") || accept.equals("text/plain") || accept.equals("text/*");
	}

	private void answerFailure(HttpServletRequest request, HttpServletResponse response, Exception ex)
			throws ServletException {
		if (this.resolver.resolveException(request, response, null, ex) == null) {
			throw new ServletException(ex);
		}
		// as the DispatcherServlet leaves an exception that a handler answered
		request.setAttribute(DispatcherServlet.EXCEPTION_ATTRIBUTE, ex);
	}

	private void toSpringMvc(HttpServletRequest request, HttpServletResponse response)
			throws ServletException, IOException {
		RequestDispatcher dispatcher = getServletContext().getNamedDispatcher(this.springMvc);
		dispatcher.forward(new MappedToSpringMvc(request, this.springMvc), response);
	}

	/**
	 * A request as Tomcat would have mapped it to the {@code DispatcherServlet} ({@code /}): Spring MVC
	 * matches a request mapped to a path prefix ({@code /v1/segments/*}) within that prefix only.
	 */
	private static final class MappedToSpringMvc extends HttpServletRequestWrapper {

		private final String servletPath;

		private final HttpServletMapping mapping;

		MappedToSpringMvc(HttpServletRequest request, String springMvc) {
			super(request);
			String pathInfo = request.getPathInfo();
			this.servletPath = (pathInfo != null) ? request.getServletPath() + pathInfo : request.getServletPath();
			this.mapping = new DefaultMapping(springMvc);
		}

		@Override
		public String getServletPath() {
			return this.servletPath;
		}

		@Override
		public String getPathInfo() {
			return null;
		}

		@Override
		public HttpServletMapping getHttpServletMapping() {
			return this.mapping;
		}

	}

	private record DefaultMapping(String getServletName) implements HttpServletMapping {

		@Override
		public String getMatchValue() {
			return "";
		}

		@Override
		public String getPattern() {
			return "/";
		}

		@Override
		public MappingMatch getMappingMatch() {
			return MappingMatch.DEFAULT;
		}

	}

}
