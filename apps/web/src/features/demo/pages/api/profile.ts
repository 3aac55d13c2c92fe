import { queryOptions, useQuery } from '@tanstack/react-query';
import { demoApi } from '@/lib/demo-client';

export interface ProfilePost {
  id: number;
  avatar: string;
  username: string;
  postTime: string;
  postText: string;
  postImg: string;
  likes: number;
  youLiked: boolean;
  comments: number;
  share: number;
  likedUsers: { avatar: string; username: string }[];
  likedCount: number;
  detailedComments: {
    avatar: string;
    username: string;
    comment: string;
    commentsLikes: number;
    youLiked: boolean;
  }[];
}
export interface ProfileData {
  header: { avatar: string; username: string; designation: string; coverImg: string };
  userAbout: { about: string; joined: string; lives: string; email: string; website: string };
  suggestedPages: { avatar: string; username: string; subtitle: string; favorite: boolean }[];
  twitterFeeds: {
    imgUrl: string;
    title: string;
    id: string;
    tags: string;
    desc: string;
    favorite: boolean;
  }[];
  post: ProfilePost[];
  latestPhotos: { img: string }[];
  suggestions: { avatar: string; name: string; mutualFriend: string }[];
  polls: { name: string; result: string; votedUser: { img: string; username: string }[] }[];
}

export const useProfile = () =>
  useQuery(
    queryOptions({
      queryKey: ['demo', 'profile'],
      queryFn: async () => (await demoApi.get<ProfileData>('/profile/data')).data,
    }),
  );
