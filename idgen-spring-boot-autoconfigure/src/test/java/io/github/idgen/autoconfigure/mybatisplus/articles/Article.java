package io.github.idgen.autoconfigure.mybatisplus.articles;

import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;

@TableName("idgen_test_article")
public class Article {

	@TableId(type = IdType.ASSIGN_ID)
	private Long id;

	private String title;

	public Article() {
	}

	public Article(String title) {
		this.title = title;
	}

	public Long getId() {
		return this.id;
	}

	public void setId(Long id) {
		this.id = id;
	}

	public String getTitle() {
		return this.title;
	}

	public void setTitle(String title) {
		this.title = title;
	}

}
