package io.github.idgen.examples;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import org.apache.ibatis.annotations.Mapper;

import org.springframework.stereotype.Service;

@Mapper
interface ArticleMapper extends BaseMapper<Article> {
}

@Service
class Articles {

	private final ArticleMapper articleMapper;

	Articles(ArticleMapper articleMapper) {
		this.articleMapper = articleMapper;
	}

	Long publish(String title) {
		Article article = new Article();
		article.setTitle(title);
		this.articleMapper.insert(article); // sets article's id from the IdService bean
		return article.getId();
	}

}
