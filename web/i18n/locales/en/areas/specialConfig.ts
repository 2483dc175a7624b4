/** The special config area's texts in en (spec §2 /specialConfig); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `specialConfig.<key>`. */
  texts: { preview: 'Preview', previewTitle: 'Member view', unpublished: 'Not published' },
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {
    match: { title: 'Match', fields: { matchName: 'Match', gameId: 'Game', teamA: 'Home team', teamB: 'Away team', scoreA: 'Home score', scoreB: 'Away score', startTime: 'Start', endTime: 'End', streamUrl: 'Stream URL', cover: 'Cover' } },
    article: { title: 'Article', fields: { title: 'Title', gameId: 'Game', cover: 'Cover', summary: 'Summary', content: 'Body', author: 'Author', views: 'Views', isTop: 'Pinned', publishTime: 'Published' } },
    video: { title: 'Video', fields: { title: 'Title', gameId: 'Game', cover: 'Cover', videoUrl: 'Video URL', duration: 'Duration (s)', views: 'Plays' } },
    product: { title: 'Featured product', fields: { goodsId: 'Goods', title: 'Title', subtitle: 'Subtitle', banner: 'Banner', specialPrice: 'Special price', startTime: 'Start', endTime: 'End' } },
  },
};
