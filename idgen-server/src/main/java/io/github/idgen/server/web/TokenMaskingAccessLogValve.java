package io.github.idgen.server.web;

import java.io.CharArrayWriter;
import java.util.Date;

import io.github.idgen.server.logging.TokenMasking;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.AccessLogValve;

/**
 * Tomcat's access log with tokens masked ({@link TokenMasking}): the request line ({@code %r}) and
 * the query ({@code %q}) hold Leaf's {@code ?token=}, and an {@code Authorization} header in the
 * pattern ({@code %{Authorization}i}) is written as {@value TokenMasking#MASK} whatever it holds.
 * Spring Boot's access log ({@code server.tomcat.accesslog.*}) is replaced by one of these with the
 * same settings ({@link #of}).
 */
final class TokenMaskingAccessLogValve extends AccessLogValve {

	/**
	 * Copies the settings of an access log that Spring Boot configured.
	 * @param configured the access log as configured
	 * @return the same log, masking tokens
	 */
	static TokenMaskingAccessLogValve of(AccessLogValve configured) {
		TokenMaskingAccessLogValve masking = new TokenMaskingAccessLogValve();
		masking.setEnabled(configured.getEnabled());
		masking.setConditionIf(configured.getConditionIf());
		masking.setConditionUnless(configured.getConditionUnless());
		masking.setDirectory(configured.getDirectory());
		masking.setPrefix(configured.getPrefix());
		masking.setSuffix(configured.getSuffix());
		masking.setEncoding(configured.getEncoding());
		masking.setLocale(configured.getLocale());
		masking.setCheckExists(configured.isCheckExists());
		masking.setRotatable(configured.isRotatable());
		masking.setRenameOnRotate(configured.isRenameOnRotate());
		masking.setMaxDays(configured.getMaxDays());
		masking.setFileDateFormat(configured.getFileDateFormat());
		masking.setIpv6Canonical(configured.getIpv6Canonical());
		masking.setRequestAttributesEnabled(configured.getRequestAttributesEnabled());
		masking.setBuffered(configured.isBuffered());
		masking.setMaxLogMessageBufferSize(configured.getMaxLogMessageBufferSize());
		masking.setAsyncSupported(configured.isAsyncSupported());
		// last: the pattern is parsed into elements when set, by this class's createAccessLogElement
		masking.setPattern(configured.getPattern());
		return masking;
	}

	@Override
	public void log(CharArrayWriter message) {
		String line = message.toString();
		String masked = TokenMasking.masked(line);
		if (masked == line) {
			super.log(message);
			return;
		}
		CharArrayWriter maskedMessage = new CharArrayWriter(masked.length());
		maskedMessage.append(masked);
		super.log(maskedMessage);
	}

	@Override
	protected AccessLogElement createAccessLogElement(String name, char pattern) {
		if (pattern == 'i' && "Authorization".equalsIgnoreCase(name)) {
			return new AccessLogElement() {

				@Override
				public void addElement(CharArrayWriter buf, Request request, Response response, long time) {
					buf.append(TokenMasking.MASK);
				}

				@Override
				public void addElement(CharArrayWriter buf, Date date, Request request, Response response, long time) {
					buf.append(TokenMasking.MASK);
				}

			};
		}
		return super.createAccessLogElement(name, pattern);
	}

}
