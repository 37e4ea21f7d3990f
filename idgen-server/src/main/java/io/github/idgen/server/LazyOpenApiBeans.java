package io.github.idgen.server;

import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;

/**
 * Creates SpringDoc's beans when {@code /v3/api-docs} is first asked for instead of at start: they
 * build a Jackson 2 mapper and Swagger's model converters (some 800 classes loaded) that no id needs,
 * and loading them delayed the first id by a few hundred milliseconds on two cores. Spring MVC maps
 * the document's controller by its type, so the endpoint answers as before. SpringDoc's properties
 * ({@code springdoc.*}) stay bound at start, so a bad value still stops the server there.
 */
class LazyOpenApiBeans implements BeanFactoryPostProcessor {

	private static final String SPRINGDOC = "org.springdoc.";

	private static final String SPRINGDOC_PROPERTIES = "org.springdoc.core.properties.";

	@Override
	public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
		for (String name : beanFactory.getBeanDefinitionNames()) {
			BeanDefinition definition = beanFactory.getBeanDefinition(name);
			String declaringClass = declaringClass(beanFactory, definition);
			if (declaringClass != null && declaringClass.startsWith(SPRINGDOC)
					&& !declaringClass.startsWith(SPRINGDOC_PROPERTIES) && !isProperties(definition)) {
				definition.setLazyInit(true);
			}
		}
	}

	/** The bean's class, or for a {@code @Bean} method the class of the configuration that declares it. */
	private static @Nullable String declaringClass(ConfigurableListableBeanFactory beanFactory, BeanDefinition definition) {
		String factoryBean = definition.getFactoryBeanName();
		if (factoryBean != null && beanFactory.containsBeanDefinition(factoryBean)) {
			return beanFactory.getBeanDefinition(factoryBean).getBeanClassName();
		}
		return definition.getBeanClassName();
	}

	/** A {@code @Bean} method of SpringDoc's that returns one of its properties classes. */
	private static boolean isProperties(BeanDefinition definition) {
		Class<?> type = definition.getResolvableType().resolve();
		return type != null && type.getName().startsWith(SPRINGDOC_PROPERTIES);
	}

}
